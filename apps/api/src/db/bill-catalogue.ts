import { sandboxDataPlans } from '../providers/bills/sandbox-world.ts';

/** A biller as seeded into `bill_billers` (upserted by id, so copy changes land on next start). */
export interface CatalogueBiller {
  id: string;
  type: 1 | 2 | 4 | 5;
  name: string;
  shortName: string;
  /** The bills vendor's service id (VTpass). */
  serviceId: string;
  prefixes: readonly string[];
  colour: string;
}

/**
 * The four mobile networks and their number prefixes (NCC allocations; `07025`/`07026` are MTN's
 * within Visafone's old `0702` range). A number is refused when its prefix is not its network's.
 */
const networks = [
  {
    key: 'mtn',
    name: 'MTN',
    serviceId: 'mtn',
    colour: '#FFCC00',
    prefixes: [
      '0803',
      '0806',
      '0703',
      '0706',
      '0813',
      '0816',
      '0810',
      '0814',
      '0903',
      '0906',
      '0913',
      '0916',
      '0704',
      '07025',
      '07026',
    ],
  },
  {
    key: 'airtel',
    name: 'Airtel',
    serviceId: 'airtel',
    colour: '#E40000',
    prefixes: [
      '0802',
      '0808',
      '0708',
      '0812',
      '0701',
      '0902',
      '0901',
      '0904',
      '0907',
      '0912',
      '0911',
    ],
  },
  {
    key: 'glo',
    name: 'Glo',
    serviceId: 'glo',
    colour: '#3FAE2A',
    prefixes: ['0805', '0807', '0705', '0815', '0811', '0905', '0915'],
  },
  {
    key: '9mobile',
    name: '9mobile',
    serviceId: 'etisalat',
    colour: '#006B3E',
    prefixes: ['0809', '0818', '0817', '0909', '0908'],
  },
] as const;

/** Every distribution company, under the name it trades as (the short name is on receipts). */
const discos = [
  ['ikeja-electric', 'Ikeja Electric (IKEDC)', 'Ikeja Electric', '#E2001A'],
  ['eko-electric', 'Eko Electricity (EKEDC)', 'Eko Electricity', '#0B6FB8'],
  ['abuja-electric', 'Abuja Electricity (AEDC)', 'Abuja Electricity', '#00843D'],
  ['ibadan-electric', 'Ibadan Electricity (IBEDC)', 'Ibadan Electricity', '#F28C00'],
  ['enugu-electric', 'Enugu Electricity (EEDC)', 'Enugu Electricity', '#1D3C8F'],
  [
    'portharcourt-electric',
    'Port Harcourt Electricity (PHED)',
    'Port Harcourt Electricity',
    '#6A1B9A',
  ],
  ['benin-electric', 'Benin Electricity (BEDC)', 'Benin Electricity', '#C62828'],
  ['kano-electric', 'Kano Electricity (KEDCO)', 'Kano Electricity', '#2E7D32'],
  ['kaduna-electric', 'Kaduna Electric (KAEDCO)', 'Kaduna Electric', '#00838F'],
  ['jos-electric', 'Jos Electricity (JED)', 'Jos Electricity', '#AD1457'],
  ['yola-electric', 'Yola Electricity (YEDC)', 'Yola Electricity', '#4E342E'],
  ['aba-electric', 'Aba Power (APLE)', 'Aba Power', '#EF6C00'],
] as const;

const bookmakers = [
  ['bet9ja', 'Bet9ja', '#0A7D3B'],
  ['sportybet', 'SportyBet', '#E41827'],
  ['betking', 'BetKing', '#0F2B5B'],
  ['nairabet', 'NairaBet', '#F5A300'],
] as const;

export const billers: readonly CatalogueBiller[] = [
  ...networks.map((network) => ({
    id: network.key,
    type: 1 as const,
    name: `${network.name} Airtime`,
    shortName: network.name,
    serviceId: network.serviceId,
    prefixes: network.prefixes,
    colour: network.colour,
  })),
  ...networks.map((network) => ({
    id: `${network.key}-data`,
    type: 2 as const,
    name: `${network.name} Data`,
    shortName: network.name,
    serviceId: `${network.serviceId}-data`,
    prefixes: network.prefixes,
    colour: network.colour,
  })),
  ...discos.map(([id, name, shortName, colour]) => ({
    id,
    type: 4 as const,
    name,
    shortName,
    serviceId: id,
    prefixes: [],
    colour,
  })),
  ...bookmakers.map(([id, name, colour]) => ({
    id,
    type: 5 as const,
    name,
    shortName: name,
    serviceId: id,
    prefixes: [],
    colour,
  })),
];

/** Data plans per data biller, as the vendor sells them today (kept current by its price list). */
export const dataPlans = billers
  .filter((biller) => biller.type === 2)
  .flatMap((biller) =>
    (sandboxDataPlans[biller.serviceId] ?? []).map((plan, position) => ({
      billerId: biller.id,
      ...plan,
      position,
    })),
  );
