import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** The router's error view (spec §2): a plain explanation and a way home. */
export function ErrorView() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : null;
  const chunkFailed =
    error instanceof Error && /dynamically imported module|importing a module script|Failed to fetch/i.test(error.message);
  return (
    <main id="main" className="mx-auto flex min-h-[80vh] max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
      {detail && <p className="text-slate-700">{detail}</p>}
      {chunkFailed && (
        <p className="text-slate-700">This screen could not be loaded. If you are offline, open it again once you are back online.</p>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        <a href="/" className="inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-5 font-semibold text-white hover:bg-blue-800">
          Go to home page
        </a>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-5 font-semibold text-slate-900 hover:bg-slate-50"
        >
          Reload
        </button>
      </div>
    </main>
  );
}
