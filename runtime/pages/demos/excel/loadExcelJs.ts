/**
 * exceljs in the browser: its own prebuilt bundle, served as a file of the build and run by a
 * script element on the first use (it sets `window.ExcelJS`). Loaded this way rather than
 * imported, so that the bundler adds no CommonJS helpers to the runtime every page downloads,
 * the sign-in page included.
 */
import type ExcelJsModule from 'exceljs';
import exceljsUrl from 'exceljs/dist/exceljs.min.js?url';

export type ExcelJs = typeof ExcelJsModule;

let loading: Promise<ExcelJs> | undefined;

export function loadExcelJs(): Promise<ExcelJs> {
  loading ??= new Promise<ExcelJs>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = exceljsUrl;
    script.async = true;
    script.onload = () => {
      const lib = (window as unknown as { ExcelJS?: ExcelJs }).ExcelJS;
      if (lib) resolve(lib);
      else reject(new Error('exceljs did not load'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error(`exceljs could not be downloaded from ${exceljsUrl}`));
    };
    document.head.appendChild(script);
  });
  return loading;
}
