import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** zxcvbn-ts with the common-password dictionary and keyboard graphs (loaded only by the meter). */
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** 0 (guessed at once) to 4 (very hard to guess). */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export function measurePassword(password: string, userInputs: string[]): PasswordScore {
  return zxcvbn.check(password, userInputs).score;
}
