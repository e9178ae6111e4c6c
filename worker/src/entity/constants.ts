/**
 * The entity area's numbers and words (company, firm, event, person, user, atlas, policy, news
 * pages), defined once. No imports: the SPA bundles this file too.
 */

/** Rows per page of the event lists (a firm's investments, /investevent, an atlas tag's events) and company lists. */
export const ENTITY_PAGE_SIZE = 10;
/** Rows per page of the news list (spec §9: news list 20). */
export const NEWS_LIST_PAGE_SIZE = 20;
/** Rows per page of the policy list. */
export const POLICY_PAGE_SIZE = 20;
/** Comments and incense records per page of a user's public profile. */
export const PROFILE_PAGE_SIZE = 10;
/** Related news on a company page, newest first. */
export const COMPANY_NEWS = 10;
/** Other policies of the same region or scope on a policy page. */
export const RELATED_POLICIES = 5;
/** The healthcare scope of news, events and policies (the spec's ?scope=医疗健康). */
export const MEDICAL_SCOPE = '医疗健康';
/** The STAR-market region of rules (the spec's ?region=科创板). */
export const STAR_REGION = '科创板';
/** What a person did at a company. */
export const PERSON_ROLE_TEXT = { team: '团队成员', investor: '个人投资人' } as const;
