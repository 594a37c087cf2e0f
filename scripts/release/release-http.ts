/** A request to the release under check that must answer `status`; otherwise one line with what it said. */
export async function expectStatus(url: string, status: number, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  if (response.status !== status) {
    const said = (await response.text()).replace(/\s+/g, ' ').slice(0, 200);
    const what = `${init?.method ?? 'GET'} ${new URL(url).pathname}: ${response.status}, expected ${status}`;
    throw new Error(said ? `${what} (${said})` : what);
  }
  return response;
}
