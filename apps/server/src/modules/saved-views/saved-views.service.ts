import {
  MY_DEALS_VIEW_ID,
  MY_DEALS_VIEW_NAME,
  SAVED_VIEW_NOT_FOUND,
  SAVED_VIEWS_MAX,
  SavedViewStateSchema,
  type SavedView,
  type SavedViewBody,
  type SavedViewUpdate,
} from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { SavedViewRow, SavedViewsRepository } from './saved-views.repository.ts';

export const FUND_FIRST = 'Please complete your fund profile first';
export const TOO_MANY_VIEWS = `You can keep at most ${SAVED_VIEWS_MAX} views: delete one first`;
export const ONLY_AUTHOR = 'Only the member who saved this view can change it';
const nameTaken = (name: string) => `You already have a view named ${name}`;

/** The built-in 'My deals': the pipeline narrowed to the deals the member owns. */
function myDeals(userId: string): SavedView {
  return {
    id: MY_DEALS_VIEW_ID,
    name: MY_DEALS_VIEW_NAME,
    shared: false,
    builtIn: true,
    mine: true,
    author: null,
    state: SavedViewStateSchema.parse({ owner: userId }),
  };
}

const toView = (row: SavedViewRow, userId: string): SavedView => ({
  id: row.id,
  name: row.name,
  shared: row.shared,
  builtIn: false,
  mine: row.userId === userId,
  author: { id: row.userId, name: row.authorName ?? '' },
  // A view saved by an older version still opens: missing fields take their defaults.
  state: SavedViewStateSchema.parse(row.state),
});

/**
 * Saved pipeline views (issue 31 point 2, ADR 0065): a member's named filters, sort, columns and
 * layout, private or shared with the fund, one of them (or 'My deals') the member's default.
 */
export function createSavedViewsService({ repo }: { repo: SavedViewsRepository }) {
  const fundOf = (fundId: string | null) => {
    if (!fundId) throw new AppError('conflict', FUND_FIRST);
    return fundId;
  };

  /** One of the member's own views; a shared one of someone else's is a 403, an unknown or hidden one a 404. */
  async function own(fundId: string, userId: string, id: string) {
    const row = await repo.visibleOne(fundId, userId, id);
    if (!row) throw new AppError('not_found', SAVED_VIEW_NOT_FOUND);
    if (row.userId !== userId) throw new AppError('forbidden', ONLY_AUTHOR);
    return row;
  }

  async function viewOf(fundId: string, userId: string, id: string) {
    const row = await repo.visibleOne(fundId, userId, id);
    if (!row) throw new AppError('not_found', SAVED_VIEW_NOT_FOUND);
    return toView(row, userId);
  }

  return {
    async list(fundId: string | null, userId: string) {
      if (!fundId) return { views: [myDeals(userId)], defaultViewId: null };
      const { views: rows, chosen } = await repo.visibleWithDefault(fundId, userId);
      return {
        views: [myDeals(userId), ...rows.map((r) => toView(r, userId))],
        defaultViewId: chosen ? (chosen.viewId ?? chosen.builtIn) : null,
      };
    },

    async create(fundId: string | null, userId: string, body: SavedViewBody) {
      const fund = fundOf(fundId);
      if ((await repo.ownCount(fund, userId)) >= SAVED_VIEWS_MAX) throw new AppError('conflict', TOO_MANY_VIEWS);
      if (await repo.ownNamed(fund, userId, body.name)) throw new AppError('conflict', nameTaken(body.name));
      const id = await repo.insert({ fundId: fund, userId, name: body.name, shared: body.shared, state: body.state });
      return { view: await viewOf(fund, userId, id) };
    },

    async update(fundId: string | null, userId: string, id: string, body: SavedViewUpdate) {
      const fund = fundOf(fundId);
      await own(fund, userId, id);
      if (body.name !== undefined && (await repo.ownNamed(fund, userId, body.name, id))) throw new AppError('conflict', nameTaken(body.name));
      await repo.update(fund, userId, id, body);
      if (body.shared === false) await repo.dropOthersDefaults(id, userId);
      return { view: await viewOf(fund, userId, id) };
    },

    async remove(fundId: string | null, userId: string, id: string) {
      const fund = fundOf(fundId);
      await own(fund, userId, id);
      await repo.remove(fund, userId, id);
      return { ok: true as const };
    },

    async setDefault(fundId: string | null, userId: string, viewId: string | null) {
      const fund = fundOf(fundId);
      if (viewId === null) await repo.setDefault(fund, userId, null);
      else if (viewId === MY_DEALS_VIEW_ID) await repo.setDefault(fund, userId, { viewId: null, builtIn: MY_DEALS_VIEW_ID });
      else {
        await viewOf(fund, userId, viewId);
        await repo.setDefault(fund, userId, { viewId, builtIn: null });
      }
      return { defaultViewId: viewId };
    },
  };
}
export type SavedViewsService = ReturnType<typeof createSavedViewsService>;
