import { describe, expect, it } from 'vitest';
import { requestState } from '../../../../functions/http/middleware/state.ts';
import { context, event, route } from './fixtures.ts';

describe('routeState', () => {
  it('starts a request: API Gateway request id, lower-cased headers (values kept), its route', () => {
    const r = route();
    const state = requestState(event({ headers: { 'Client-Id': 'Cli_A', TOKEN: 't', 'x-empty': undefined as never } }), context(), r);
    expect(state).toMatchObject({ route: r, requestId: 'req-1', headers: { 'client-id': 'Cli_A', token: 't', 'x-empty': undefined } });
    expect(Date.now() - state.started).toBeLessThan(1000);
  });

  it('takes the Lambda request id without a gateway one, and reads absent headers as none', () => {
    const state = requestState(event({ headers: null as never, requestContext: undefined as never }), context({ awsRequestId: 'lambda-7' }), route());
    expect([state.requestId, state.headers]).toEqual(['lambda-7', {}]);
  });
});
