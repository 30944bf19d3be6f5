// Starts GraphiQL on an API explorer page (docs/api-explorer.md#graphiql). Runs in the browser,
// after React, ReactDOM and GraphiQL's bundle have set their globals. The credential entered in
// the page's field is sent as its header with each request and kept nowhere else: not in the
// page, not in storage (GraphiQL's own header persistence stays off). Headers of GraphiQL's
// headers editor left empty are not sent, so a page's template can name every header it takes.
/* global React, ReactDOM, GraphiQL */
'use strict';

(function startGraphiql() {
  const root = document.getElementById('graphiql');
  const field = document.getElementById('explorer-credential');
  const kind = document.getElementById('explorer-credential-kind');
  const endpoint = new URL(root.dataset.endpoint, document.baseURI).href;

  function credentialHeader() {
    const value = field.value.trim();
    if (value === '') return {};
    const chosen = kind ? kind.selectedOptions[0] : field;
    return { [chosen.dataset.header]: (chosen.dataset.prefix || '') + value };
  }

  function editorHeaders(headers) {
    return Object.fromEntries(
      Object.entries(headers || {})
        .filter(([, value]) => value !== '' && value !== null && value !== undefined)
        .map(([name, value]) => [name, String(value)]),
    );
  }

  async function fetcher(params, options) {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        ...editorHeaders(options && options.headers),
        ...credentialHeader(),
        'Content-Type': 'application/json',
        Accept: 'application/graphql-response+json, application/json',
      },
      body: JSON.stringify(params),
      credentials: 'omit',
    });
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch {
      return { errors: [{ message: `HTTP ${response.status}: ${text.slice(0, 500)}` }] };
    }
  }

  const reactRoot = ReactDOM.createRoot(root);
  function render() {
    reactRoot.render(
      React.createElement(GraphiQL, {
        // A new fetcher makes GraphiQL fetch the schema again, with the credential now entered.
        fetcher: (params, options) => fetcher(params, options),
        defaultHeaders: root.dataset.headers,
        defaultEditorToolsVisibility: root.dataset.headers ? 'headers' : false,
        shouldPersistHeaders: false,
      }),
    );
  }
  field.addEventListener('change', render);
  if (kind) kind.addEventListener('change', render);
  render();
})();
