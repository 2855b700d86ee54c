export const BUY_PANEL_ID = 'buy property';
export const PROPERTY_PARAM = 'property';

/** "3 units", "1 unit". */
export const unitsText = (units: number) =>
  `${units.toLocaleString('en-NG')} unit${units === 1 ? '' : 's'}`;
