import { isVideoPage, paths } from './paths';

describe("The guard's one exception (spec section 2)", () => {
  it("given a video's page, when asked, then it is the one dashboard page open to anyone holding its id", () => {
    for (const path of [paths.dashboard.detail.getHref('0b1c-22'), '/DASHBOARD/View/abc', '/dashboard/view/abc/']) expect(isVideoPage(path)).toBe(true);
  });

  it('given any other page, when asked, then it is not', () => {
    for (const path of ['/dashboard/view', '/dashboard/view/', '/dashboard/view/abc/more', '/dashboard/create', '/dashboard', '/xdashboard/view/abc']) expect(isVideoPage(path)).toBe(false);
  });
});
