/**
 * The captcha's proof-of-work solver in a Web Worker (invisible-captcha.ts starts it with
 * `new Worker(new URL('./altcha-solver.worker.ts', import.meta.url))`): the search runs off the page's main thread.
 */
import { serveSolver } from './altcha-solver';

serveSolver(self);
