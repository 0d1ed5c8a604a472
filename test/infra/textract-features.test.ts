/**
 * The per-type Textract feature switch (lib/stage-config.ts `textractFeatures`): every stage ships
 * with none (DetectDocumentText only, nothing else granted or configured); a stage that names
 * features gives RecogniseText, and only it, the AnalyzeDocument / AnalyzeExpense calls its choice
 * makes and the choice itself (TEXTRACT_FEATURES), and still passes cdk-nag.
 */
import { describe, expect, it } from 'vitest';
import { stageConfigs, stageNames } from '../../lib/stage-config.ts';
import { textractFeaturesEnv, type TextractFeatureChoice } from '#adapters/textractAnalysis.ts';
import { synthStage } from './synth.ts';

type Resource = { Type: string; Properties: any };

function taskFunctions(resources: Record<string, Resource>) {
  return Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Function' && String(r.Properties.Description ?? '').startsWith('Pipeline task '));
}

function textractActions(resources: Record<string, Resource>, fn: Resource): string[] {
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: { Ref: string }) => x.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement)
    .flatMap((s: { Action: string | string[] }) => (Array.isArray(s.Action) ? s.Action : [s.Action]))
    .filter((a: string) => a.startsWith('textract:'))
    .sort();
}

describe('Textract features per type', () => {
  it('no stage chooses any yet: DetectDocumentText only until a stage has measured one', () => {
    for (const stage of stageNames) expect(stageConfigs[stage].textractFeatures, stage).toEqual({});
  });

  it('a stage that chooses features grants their calls to RecogniseText alone and passes it the choice', () => {
    const choice: TextractFeatureChoice = { INVOICE: 'EXPENSE', UDYAM_CERT: { features: ['FORMS', 'LAYOUT'] } };
    const { json, error } = synthStage('dev', { config: { textractFeatures: choice } });
    expect(error).toBeUndefined();
    const fns = taskFunctions(json.Resources);
    expect(fns.length).toBeGreaterThan(5);
    for (const fn of fns) {
      const state = fn.Properties.Description.slice('Pipeline task '.length);
      const actions = textractActions(json.Resources, fn);
      const env = fn.Properties.Environment?.Variables ?? {};
      if (state === 'RecogniseText') {
        expect(actions).toEqual(['textract:AnalyzeDocument', 'textract:AnalyzeExpense', 'textract:DetectDocumentText']);
        expect(JSON.parse(env[textractFeaturesEnv])).toEqual(choice);
      } else {
        expect(actions.filter((a) => a.startsWith('textract:Analyze')), state).toEqual([]);
        expect(env, state).not.toHaveProperty(textractFeaturesEnv);
      }
    }
  });
});
