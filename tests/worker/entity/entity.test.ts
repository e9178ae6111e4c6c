/**
 * The entity pages' calls, each with its access rule per role and NOT_FOUND for unknown ids:
 * company, firm (and its investments and closed cases), event and the event list, person, a user's
 * public profile, atlas tag, news and policy lists, and the policy detail (logged-in users only).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { makeUser, roleTokens, type Role } from "../helpers";
import { api, dataOf, errorOf } from "../client";
import {
  closeCompany,
  makeCompany,
  makeEvent,
  makeFirm,
  makeNews,
  makePerson,
  makePolicy,
  makeTag,
  nextId,
  taxonomy,
} from "./fixtures";

let tokens: Record<Role, string | undefined>;
const f = {} as {
  firm: number;
  com: number;
  closed: number;
  angel: number;
  founder: number;
  events: number[];
  tag: number;
  mCom: number;
  policy: number;
  starPolicy: number;
  reasonChild: number;
  reasonParent: number;
  commenter: number;
};

beforeAll(async () => {
  tokens = await roleTokens(0);
  await taxonomy();
  f.firm = await makeFirm("测试红杉资本");
  f.angel = await makePerson("测试天使张");
  f.founder = await makePerson("测试创始李");
  f.com = await makeCompany("测试健康云", { medical: true });
  f.closed = await makeCompany("测试共享床位");
  f.events = [
    await makeEvent(
      f.com,
      20190301,
      [
        { firm: f.firm, name: "测试红杉资本" },
        { person: f.angel, name: "测试天使张" },
      ],
      { scope: "医疗健康" },
    ),
    await makeEvent(
      f.com,
      20210301,
      [{ firm: f.firm, name: "测试红杉资本" }, { com: "某测试集团" }],
      { scope: "医疗健康", money: 12000 },
    ),
    await makeEvent(f.closed, 20170101, [
      { firm: f.firm, name: "测试红杉资本" },
    ]),
  ];
  const reason = await closeCompany(f.closed, "测试共享床位", {
    close: 20200815,
    firm: { id: f.firm, name: "测试红杉资本" },
    founder: f.founder,
    founderName: "测试创始李",
  });
  f.reasonChild = reason.child;
  f.reasonParent = reason.parent;
  f.mCom = nextId();
  await env.DB.prepare(
    `INSERT INTO starmarket_companies (m_com_id, com_id, com_name, com_registered_name, com_prov, com_city, cat_id, se_cat_id, state_id, acceptance_time, acceptance_update_time, plan_issue_capital)
     VALUES (?, ?, '测试健康云', '测试健康云股份有限公司', '北京', '北京', 9801, 980101, 2, 20200101, 20200301, 10)`,
  )
    .bind(f.mCom, f.com)
    .run();
  f.tag = await makeTag("测试数字疗法", [f.com]);
  await makeNews(f.com, "测试健康云", 20210305, "医疗健康");
  await makeNews(f.closed, "测试共享床位", 20180101);
  f.policy = await makePolicy("测试关于推进互联网医疗的意见", {
    scope: "医疗健康",
    putTime: 20230101,
  });
  f.starPolicy = await makePolicy("测试科创板股票上市规则", {
    region: "科创板",
    putTime: 20190301,
  });
  // A user who commented and lit incense, with private fields that must never show.
  const u = await makeUser({ coins: 0 });
  f.commenter = u.id;
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE users SET username = '测试评论者', company = '测试资本', position = '分析师' WHERE id = ?",
    ).bind(u.id),
    env.DB.prepare(
      "INSERT INTO comments (target_type, target_id, user_id, comment_type, content, created_at) VALUES ('com', ?, ?, 1, '可惜了，模式太重', 1700000000000)",
    ).bind(f.closed, u.id),
    env.DB.prepare(
      "INSERT INTO comments (target_type, target_id, user_id, comment_type, content, created_at) VALUES ('reason', ?, ?, 1, '现金流是命根子', 1700000100000)",
    ).bind(f.reasonChild, u.id),
    env.DB.prepare(
      "INSERT INTO incense_records (type, item_id, user_id, amount, created_at) VALUES (1, ?, ?, 10, 1700000200000)",
    ).bind(f.closed, u.id),
  ]);
});

const ROLES: Role[] = ["visitor", "user", "vip", "svip"];

describe("company page", () => {
  it("shows the card, financing, investors with links and related news to every role; a non-VIP sees the latest record only", async () => {
    for (const role of ROLES) {
      const d = await dataOf(
        api(tokens[role]).company[":id"].$get({ param: { id: String(f.com) } }),
      );
      expect(d.com_name).toBe("测试健康云");
      expect(d.born).toBe("2015.06");
      expect(d.status).toBe("运营中");
      expect(d.closure).toBeNull();
      expect(d.kcb).toEqual({
        m_com_id: f.mCom,
        state: "已问询",
        listed: false,
      });
      expect(d.count_invse_num).toBe(2);
      const vip = role === "vip" || role === "svip";
      expect(d.invse.length, role).toBe(vip ? 2 : 1);
      // Newest first: the 2021 round.
      expect(d.invse[0].time).toBe("2021-03-01");
      expect(d.tags).toContainEqual({
        tag_id: f.tag,
        tag_name: "测试数字疗法",
        atlas: true,
      });
      expect(d.news[0].title).toBe("测试健康云完成新一轮融资");
    }
    const vip = await dataOf(
      api(tokens.vip).company[":id"].$get({ param: { id: String(f.com) } }),
    );
    const first = vip.invse.find((e) => e.time === "2019-03-01")!;
    expect(first.invst).toEqual(
      expect.arrayContaining([
        { id: f.firm, name: "测试红杉资本", type: "invst", person_id: 0 },
        { id: 0, name: "测试天使张", type: "person", person_id: f.angel },
      ]),
    );
  });

  it("shows a closed company with its closing date, survival, reasons, incense and team", async () => {
    const d = await dataOf(
      api().company[":id"].$get({ param: { id: String(f.closed) } }),
    );
    expect(d.status).toBe("已关闭");
    expect(d.closure).toMatchObject({
      close_date: "2020-08-15",
      survival: { years: 5, months: 2 },
      incense_total: 12,
    });
    expect(d.closure!.reasons).toEqual([
      { id: f.reasonChild, p_id: f.reasonParent, name: "测试现金流断裂" },
    ]);
    expect(d.team).toEqual([
      { person_id: f.founder, name: "测试创始李", position: "创始人" },
    ]);
    expect(d.kcb).toBeNull();
  });

  it("answers NOT_FOUND for an unknown id and BAD_REQUEST for one that is not a number", async () => {
    expect(
      await errorOf(api().company[":id"].$get({ param: { id: "999999" } })),
    ).toMatchObject({ status: 404, code: "NOT_FOUND", msg: "该公司不存在" });
    expect(
      await errorOf(api().company[":id"].$get({ param: { id: "abc" } })),
    ).toMatchObject({ status: 400, code: "BAD_REQUEST" });
  });
});

describe("investment firm page", () => {
  it("counts investments, healthcare events and closed cases", async () => {
    const d = await dataOf(
      api().investfirm[":id"].$get({ param: { id: String(f.firm) } }),
    );
    expect(d).toMatchObject({
      name: "测试红杉资本",
      invse_num: 3,
      medical_invse_num: 2,
      closure_num: 1,
    });
  });

  it("pages its investments and closed cases: a visitor sees page 1, page 2 needs login", async () => {
    const inv = await dataOf(
      api().investfirm[":id"].investments.$get({
        param: { id: String(f.firm) },
        query: {},
      }),
    );
    expect(inv.page).toEqual({ total: 3, page: 1, per_page: 10 });
    expect(inv.info.map((e) => e.time)).toEqual([
      "2021-03-01",
      "2019-03-01",
      "2017-01-01",
    ]);
    expect(
      await errorOf(
        api().investfirm[":id"].investments.$get({
          param: { id: String(f.firm) },
          query: { page: 2 },
        }),
      ),
    ).toMatchObject({ code: "LOGIN_REQUIRED" });
    const p2 = await dataOf(
      api(tokens.user).investfirm[":id"].investments.$get({
        param: { id: String(f.firm) },
        query: { page: 2 },
      }),
    );
    expect(p2.info).toEqual([]);
    const cases = await dataOf(
      api().investfirm[":id"].closures.$get({
        param: { id: String(f.firm) },
        query: {},
      }),
    );
    expect(cases.info.map((c) => c.com_name)).toEqual(["测试共享床位"]);
    expect(cases.info[0].com_change_close_date).toBe("2020-08-15");
  });

  it("answers NOT_FOUND for an unknown firm, on every call of the firm", async () => {
    expect(
      await errorOf(api().investfirm[":id"].$get({ param: { id: "999999" } })),
    ).toMatchObject({ code: "NOT_FOUND", msg: "该投资机构不存在" });
    expect(
      await errorOf(
        api().investfirm[":id"].investments.$get({
          param: { id: "999999" },
          query: {},
        }),
      ),
    ).toMatchObject({ code: "NOT_FOUND" });
    expect(
      await errorOf(
        api().investfirm[":id"].closures.$get({
          param: { id: "999999" },
          query: {},
        }),
      ),
    ).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("financing events", () => {
  it("shows an event with company, round, amount, investors and the company's other rounds", async () => {
    const d = await dataOf(
      api().investevent[":id"].$get({ param: { id: String(f.events[0]) } }),
    );
    expect(d).toMatchObject({
      com_id: f.com,
      com_name: "测试健康云",
      round: "A轮",
      money: 3000,
      time: "2019-03-01",
      cat_name: "测试医疗",
    });
    expect(d.others.map((o) => o.time)).toEqual(["2019-03-01", "2021-03-01"]);
    expect(
      await errorOf(api().investevent[":id"].$get({ param: { id: "999999" } })),
    ).toMatchObject({ code: "NOT_FOUND", msg: "该融资事件不存在" });
  });

  it("lists events by scope and by atlas tag name, as the spec's links do; an unknown tag lists nothing", async () => {
    const scoped = await dataOf(
      api().investevent.$get({ query: { scope: "医疗健康" } }),
    );
    expect(scoped.info.every((e) => e.scope === "医疗健康")).toBe(true);
    expect(scoped.info.map((e) => e.id)).toEqual(
      expect.arrayContaining([f.events[0], f.events[1]]),
    );
    const tagged = await dataOf(
      api().investevent.$get({ query: { tag: "测试数字疗法" } }),
    );
    expect(tagged.info.map((e) => e.id)).toEqual([f.events[1], f.events[0]]);
    expect(tagged.page.total).toBe(2);
    const none = await dataOf(
      api().investevent.$get({ query: { tag: "没有这个标签" } }),
    );
    expect(none).toEqual({
      info: [],
      page: { total: 0, page: 1, per_page: 10 },
    });
    expect(
      await errorOf(api().investevent.$get({ query: { page: 2 } })),
    ).toMatchObject({ code: "LOGIN_REQUIRED" });
  });
});

describe("person and user pages", () => {
  it("shows a person's roles: a founder of a closed company, an angel of a round", async () => {
    const founder = await dataOf(
      api().person[":id"].$get({ param: { id: String(f.founder) } }),
    );
    expect(founder.roles).toEqual([
      {
        role: "team",
        position: "创始人",
        com_id: f.closed,
        com_name: "测试共享床位",
        logo: "",
        closed: true,
        event: null,
      },
    ]);
    const angel = await dataOf(
      api().person[":id"].$get({ param: { id: String(f.angel) } }),
    );
    expect(angel.roles[0]).toMatchObject({
      role: "investor",
      com_id: f.com,
      event: { id: f.events[0], time: "2019-03-01", round: "A轮" },
    });
    expect(
      await errorOf(api().person[":id"].$get({ param: { id: "999999" } })),
    ).toMatchObject({ code: "NOT_FOUND", msg: "该人物不存在" });
  });

  it("shows a user's public profile with comments and incense, and nothing private", async () => {
    // The month joined is Beijing's: 16:30 UTC on 31 March is already April there.
    await env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?").bind(Date.UTC(2021, 2, 31, 16, 30), f.commenter).run();
    const res = await api().users[":id"].$get({
      param: { id: String(f.commenter) },
    });
    const text = await res.clone().text();
    const d = await dataOf(res);
    expect(d).toMatchObject({
      username: "测试评论者",
      company: "测试资本",
      position: "分析师",
      comment_num: 2,
      incense_num: 1,
      incense_total: 10,
      joined: "2021-04",
    });
    expect(Object.keys(d).sort()).toEqual([
      "comment_num",
      "company",
      "id",
      "incense_num",
      "incense_total",
      "joined",
      "logo",
      "position",
      "username",
    ]);
    expect(text).not.toMatch(/@test\.local|balance|juzibtc|account|password/);
    const comments = await dataOf(
      api().users[":id"].comments.$get({
        param: { id: String(f.commenter) },
        query: {},
      }),
    );
    expect(
      comments.info.map((c) => [c.des, c.target.type, c.target.name]),
    ).toEqual([
      ["现金流是命根子", "reason", "测试现金流断裂"],
      ["可惜了，模式太重", "com", "测试共享床位"],
    ]);
    expect(comments.info[0].target.p_id).toBe(f.reasonParent);
    const incense = await dataOf(
      api().users[":id"].incense.$get({
        param: { id: String(f.commenter) },
        query: {},
      }),
    );
    expect(incense.info).toEqual([
      expect.objectContaining({
        type: 1,
        item_id: f.closed,
        item_name: "测试共享床位",
        amount: 10,
      }),
    ]);
    expect(
      await errorOf(
        api().users[":id"].comments.$get({
          param: { id: String(f.commenter) },
          query: { page: 2 },
        }),
      ),
    ).toMatchObject({ code: "LOGIN_REQUIRED" });
    expect(
      await errorOf(api().users[":id"].$get({ param: { id: "999999" } })),
    ).toMatchObject({ code: "NOT_FOUND", msg: "该用户不存在" });
  });
});

describe("atlas, news and policies", () => {
  it("shows an atlas tag with its counts, companies and events", async () => {
    const d = await dataOf(
      api().atlas[":id"].$get({ param: { id: String(f.tag) } }),
    );
    expect(d).toMatchObject({
      name: "测试数字疗法",
      com_num: 1,
      invse_num: 2,
      total_money: 5000,
      parent: null,
    });
    const coms = await dataOf(
      api().atlas[":id"].companies.$get({
        param: { id: String(f.tag) },
        query: {},
      }),
    );
    expect(coms.info.map((c) => c.name)).toEqual(["测试健康云"]);
    const evs = await dataOf(
      api().atlas[":id"].events.$get({
        param: { id: String(f.tag) },
        query: {},
      }),
    );
    expect(evs.page.total).toBe(2);
    expect(
      await errorOf(api().atlas[":id"].$get({ param: { id: "999999" } })),
    ).toMatchObject({ code: "NOT_FOUND", msg: "该标签不存在" });
    expect(
      await errorOf(
        api().atlas[":id"].events.$get({ param: { id: "999999" }, query: {} }),
      ),
    ).toMatchObject({ code: "NOT_FOUND" });
  });

  it("lists news by scope and by tag name", async () => {
    const scoped = await dataOf(
      api().news.$get({ query: { scope: "医疗健康" } }),
    );
    expect(scoped.info.every((n) => n.scope === "医疗健康")).toBe(true);
    expect(scoped.page.per_page).toBe(20);
    const tagged = await dataOf(
      api().news.$get({ query: { tag: "测试数字疗法" } }),
    );
    expect(tagged.info.map((n) => n.title)).toEqual([
      "测试健康云完成新一轮融资",
    ]);
    expect(tagged.info[0]).toMatchObject({
      year: 2021,
      month: 3,
      day: 5,
      time: "2021-03-05",
    });
  });

  it("lists policies by region and scope for everyone; opens one for logged-in users only", async () => {
    const star = await dataOf(
      api().policy.$get({ query: { region: "科创板" } }),
    );
    expect(star.info.map((p) => p.id)).toContain(f.starPolicy);
    expect(star.info.every((p) => p.region === "科创板")).toBe(true);
    const med = await dataOf(
      api().policy.$get({ query: { scope: "医疗健康" } }),
    );
    expect(med.info.map((p) => p.id)).toEqual([f.policy]);
    expect(
      await errorOf(
        api().policy[":id"].$get({ param: { id: String(f.policy) } }),
      ),
    ).toMatchObject({ status: 401, code: "LOGIN_REQUIRED" });
    for (const role of ["user", "vip", "svip"] as const) {
      const d = await dataOf(
        api(tokens[role]).policy[":id"].$get({
          param: { id: String(f.policy) },
        }),
      );
      expect(d).toMatchObject({
        title: "测试关于推进互联网医疗的意见",
        put_time: "2023-01-01",
        scope: "医疗健康",
      });
    }
    expect(
      await errorOf(
        api(tokens.user).policy[":id"].$get({ param: { id: "999999" } }),
      ),
    ).toMatchObject({ code: "NOT_FOUND", msg: "该政策法规不存在" });
  });
});
