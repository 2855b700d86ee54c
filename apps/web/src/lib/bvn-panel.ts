/**
 * The BVN modal's id in `?a=` (the modal lives in the verification feature, the shell opens it):
 * `?a=bvn` opens it over any shell page, e.g. from a "Verify your BVN" link.
 */
export const BVN_PANEL_ID = 'bvn';

/** `?a=bvn` alone: the current page with the BVN modal on top, its other params dropped. */
export const BVN_MODAL_SEARCH = `?a=${BVN_PANEL_ID}`;
