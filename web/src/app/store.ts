import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { positionSlice } from '../lib/position-slice';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [positionSlice.name]: positionSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store (one per test; one for the app). */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
