import { listDeadLetters, replayDeadLetter } from '../app/deadLetters.ts';
import { command } from './commands.ts';

export const listDeadLettersCommand = command(listDeadLetters);
export const replayDeadLetterCommand = command(replayDeadLetter);
