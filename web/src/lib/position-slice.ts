import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Read-your-writes (docs/api.md): the highest global position a command answered with.
 * Sent as `x-min-position` on every query so the query side answers only once it has projected our write.
 */
export interface PositionState {
  last: number;
}

/** This tab's last position, kept over a reload (sessionStorage: this tab only). */
export const POSITION_KEY = 'rp:position';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * A position a command answered with, kept for the page that loads next in this tab: some actions
 * reload the page after their command (spec: a cancelled subscription reloads Billing), and the
 * reloaded page's reads must still wait for that write, or they show the state before it.
 */
export function rememberPosition(position: number): void {
  const store = storage();
  if (!store || !Number.isFinite(position) || position <= recalledPosition()) return;
  store.setItem(POSITION_KEY, String(position));
}

/** The position this tab last remembered, or 0. */
export function recalledPosition(): number {
  const value = Number(storage()?.getItem(POSITION_KEY) ?? 0);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export const positionSlice = createSlice({
  name: 'position',
  initialState: (): PositionState => ({ last: recalledPosition() }),
  reducers: {
    positionSeen(state, action: PayloadAction<number>) {
      if (Number.isFinite(action.payload) && action.payload > state.last) state.last = action.payload;
    },
  },
});

export const { positionSeen } = positionSlice.actions;
