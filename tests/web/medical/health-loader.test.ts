import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createQueryClient } from "../../../web/src/lib/queryClient";
import { Route as DesktopRoute } from "../../../web/src/routes/health/index";
import { Route as MobileRoute } from "../../../web/src/routes/healthMobile";
import { resetApp, visit } from "../helpers";
import { stubMedical } from "./stub";

afterEach(resetApp);

const basic = { com_num: 12, invse_num: 30, total_money: 5000 };
type Loader = (ctx: {
  context: { queryClient: ReturnType<typeof createQueryClient> };
}) => Promise<void>;

for (const [path, Route] of [
  ["/health", DesktopRoute],
  ["/healthMobile", MobileRoute],
] as const) {
  const load = (queryClient: ReturnType<typeof createQueryClient>) =>
    (Route.options.loader as unknown as Loader)({ context: { queryClient } });

  describe(`${path} loader: the first screen arrives at once`, () => {
    beforeEach(() => {
      resetApp();
      visit(path);
    });

    it("waits for the banner and both first-screen lists, so they render together", async () => {
      const seen = stubMedical({
        "/api/medical": (q) =>
          q.get("type") === "basic"
            ? { basic }
            : { event: { data: [], page: { total: 0 } } },
        "/api/medical/data": () => ({
          type: "unicorn",
          data: [],
          page: { total: 0 },
        }),
      });
      const qc = createQueryClient();
      await load(qc);
      const states = qc
        .getQueryCache()
        .getAll()
        .filter((q) => q.queryKey[1] === "info" || q.queryKey[1] === "data");
      expect(states.map((q) => q.state.status).sort()).toEqual([
        "success",
        "success",
        "success",
      ]);
      expect(
        seen.some(
          (r) =>
            r.path === "/api/medical/data" && r.query.get("type") === "unicorn",
        ),
      ).toBe(true);
    });

    it("a failing list does not fail the page: the loader resolves and that list holds its own error", async () => {
      stubMedical({
        "/api/medical": (q) =>
          q.get("type") === "basic"
            ? { basic }
            : { event: { data: [], page: { total: 0 } } },
        // no handler for /api/medical/data: the stub answers 404 with an error envelope
      });
      const qc = createQueryClient();
      await expect(load(qc)).resolves.toBeUndefined();
      const data = qc
        .getQueryCache()
        .getAll()
        .find((q) => q.queryKey[1] === "data");
      expect(data?.state.status).toBe("error");
    });

    it("a failing banner fails the page (its error component shows)", async () => {
      stubMedical({
        "/api/medical/data": () => ({
          type: "unicorn",
          data: [],
          page: { total: 0 },
        }),
      });
      await expect(load(createQueryClient())).rejects.toThrow();
    });
  });
}
