// zod and the schema are the heaviest part of the page: they load once the visitor starts on the form
// (first focus), not with the page, and submitting waits for them if that has not happened yet.
let loading: Promise<typeof import('../../../../shared/contracts/party')> | null = null;

export function loadPartySchema() {
  loading ??= import('../../../../shared/contracts/party').catch((err: unknown) => {
    loading = null; // a failed download (offline) is retried on the next attempt
    throw err;
  });
  return loading;
}
