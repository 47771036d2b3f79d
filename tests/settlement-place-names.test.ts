import { describe, expect, it } from 'vitest';
import { samePlace } from '../server/domain/settlement/pricing/place-names.ts';

describe('place names with and without their suffix', () => {
  it('takes a province, city or district with or without 省/市/区/自治区/自治州 as the same place', () => {
    for (const [a, b] of [['广东', '广东省'], ['广西', '广西壮族自治区'], ['新疆', '新疆维吾尔自治区'], ['内蒙古', '内蒙古自治区'], ['北京', '北京市'],
      ['香港', '香港特别行政区'], ['延边', '延边朝鲜族自治州'], ['郑州市', '郑州'], ['朝阳区', '朝阳'], [' 河南省 ', '河南省'], ['大兴安岭', '大兴安岭地区']]) {
      expect(samePlace(a, b), `${a} = ${b}`).toBe(true);
    }
  });

  it('keeps different places apart, and a name cut short is not its place', () => {
    for (const [a, b] of [['广东', '广西'], ['张家', '张家口市'], ['河南', '河北省'], ['海', '海南省'], ['郑州', '郑州东站'], ['吉林省', '吉林市区']]) {
      expect(samePlace(a, b), `${a} ≠ ${b}`).toBe(false);
    }
  });
});
