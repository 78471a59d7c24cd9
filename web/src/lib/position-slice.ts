import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Read-your-writes (docs/api.md): the highest global position a command answered with.
 * Sent as `x-min-position` on every query so the query side answers only once it has projected our write.
 */
export interface PositionState {
  last: number;
}

const initialState: PositionState = { last: 0 };

export const positionSlice = createSlice({
  name: 'position',
  initialState,
  reducers: {
    positionSeen(state, action: PayloadAction<number>) {
      if (Number.isFinite(action.payload) && action.payload > state.last) state.last = action.payload;
    },
  },
});

export const { positionSeen } = positionSlice.actions;
