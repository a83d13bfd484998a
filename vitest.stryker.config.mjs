// @ts-check
// The Vitest config Stryker runs (`stryker.config.mjs`): the project's own, with the test files
// narrowed to the area's own tests when the area names them (`tests` in stryker.areas.mjs).
// Why: a static mutant (code run when a module loads) reruns every test file that imports the
// mutated file, and for the server areas that is most integration tests (sign-up derives a
// deposit address, every page loads the auth module…), about a minute and a half per mutant on
// 2 cores. The area's own tests are the ones that should catch its mistakes; a mutant only some
// unrelated test notices is not well guarded, so the narrowing can only lower the score.
import process from "node:process";
import { areas } from "./stryker.areas.mjs";
import base from "./vitest.config.ts";

const area = areas[process.env.STRYKER_AREA ?? ""];
const tests = area && "tests" in area ? area.tests : undefined;

export default tests ? { ...base, test: { ...base.test, include: tests } } : base;
