// The cold-chain band of a waybill's goods: what every goods tolerates, or a refusal naming the two
// goods that exclude each other.
import { describe, expect, it } from 'vitest';
import { commonRange } from './temperature.ts';

const frozen = { goodsName: '冷冻白条鸡', tempMin: -22, tempMax: -18 };
const milk = { goodsName: '巴氏鲜奶', tempMin: 2, tempMax: 6 };
const eggs = { goodsName: '鲜鸡蛋', tempMin: 0, tempMax: 8 };
const lettuce = { goodsName: '生菜', tempMin: 0, tempMax: 4 };

describe('commonRange', () => {
  it('is null without cold goods and the goods own band for one', () => {
    expect(commonRange([])).toBeNull();
    expect(commonRange([frozen])).toEqual({ tempMin: -22, tempMax: -18 });
  });

  it('is the intersection of the bands', () => {
    expect(commonRange([milk, eggs])).toEqual({ tempMin: 2, tempMax: 6 });
    expect(commonRange([eggs, lettuce, milk])).toEqual({ tempMin: 2, tempMax: 4 });
  });

  it('refuses bands with nothing or only one degree in common, naming the goods', () => {
    expect(() => commonRange([frozen, milk])).toThrow('货品温度范围不相容：冷冻白条鸡（-22~-18℃）与巴氏鲜奶（2~6℃）没有共同的温度范围，不能装在同一运单');
    expect(() => commonRange([{ goodsName: '甲', tempMin: 0, tempMax: 4 }, { goodsName: '乙', tempMin: 4, tempMax: 8 }])).toThrow('货品温度范围不相容');
    expect(() => commonRange([{ goodsName: '错档', tempMin: 5, tempMax: 1 }])).toThrow('错档（5~1℃）没有共同的温度范围');
  });
});
