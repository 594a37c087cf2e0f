/** Battery models of the demo fleet with their static data (LFP cells, 3.2 V nominal per cell). */
export interface BatteryModel {
  type: string;
  product: string;
  cellType: string;
  capacityAh: number;
  nominalVoltage: number;
  moduleCount: number;
  moduleElectronic: string;
  parameterSet: string;
}

export const BATTERY_MODELS: BatteryModel[] = [
  {
    type: 'L24-460',
    product: 'Lithium 24 V 460 Ah',
    cellType: 'LFP 230 Ah prismatic',
    capacityAh: 460,
    nominalVoltage: 25.6,
    moduleCount: 1,
    moduleElectronic: 'CMU-8',
    parameterSet: 'PS-24-03',
  },
  {
    type: 'L36-700',
    product: 'Lithium 36 V 700 Ah',
    cellType: 'LFP 280 Ah prismatic',
    capacityAh: 700,
    nominalVoltage: 38.4,
    moduleCount: 2,
    moduleElectronic: 'CMU-12',
    parameterSet: 'PS-36-02',
  },
  {
    type: 'L48-620',
    product: 'Lithium 48 V 620 Ah',
    cellType: 'LFP 310 Ah prismatic',
    capacityAh: 620,
    nominalVoltage: 51.2,
    moduleCount: 2,
    moduleElectronic: 'CMU-16',
    parameterSet: 'PS-48-05',
  },
  {
    type: 'L80-930',
    product: 'Lithium 80 V 930 Ah',
    cellType: 'LFP 310 Ah prismatic',
    capacityAh: 930,
    nominalVoltage: 83.2,
    moduleCount: 4,
    moduleElectronic: 'CMU-26',
    parameterSet: 'PS-80-01',
  },
];

export const nominalEnergyKwh = (model: BatteryModel) => Math.round(model.capacityAh * model.nominalVoltage) / 1000;

/** Current and previous software versions: some demo batteries run the older ones. */
export const SOFTWARE_VERSIONS = {
  current: {
    bsp: '4.2.1',
    bam: '2.8.0',
    boot: '1.3.0',
    firmware: '5.12.3',
    hardware: 'C',
    iotHmi: '3.4.0',
    iotSw: '7.1.2',
  },
  previous: {
    bsp: '4.1.0',
    bam: '2.7.4',
    boot: '1.2.2',
    firmware: '5.11.0',
    hardware: 'B',
    iotHmi: '3.3.1',
    iotSw: '7.0.5',
  },
};
