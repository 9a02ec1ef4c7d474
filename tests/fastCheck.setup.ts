/**
 * Every property test reports the error of its counterexample in its own message (not only as
 * the error's cause), so that the test report, and the line `npm test` prints under its closing
 * line, says why a property failed.
 */
import fc from 'fast-check';

fc.configureGlobal({ ...fc.readConfigureGlobal(), includeErrorInReport: true });
