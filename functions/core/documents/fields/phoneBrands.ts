/** Phone makers as box labels, price cards and bills print them before the model ("vivo T3x 5G", "iQOO Z9 Lite"). */
export const PHONE_BRANDS = 'samsung|oppo|vivo|xiaomi|redmi|mi|realme|oneplus|motorola|moto|apple|nokia|google|nothing|iqoo|poco|infinix|tecno|itel|lava|micromax|honor|huawei';

const BRAND_WORD = new RegExp(`^(?:${PHONE_BRANDS})$`, 'i');

/** One word that is a maker's name. */
export const isPhoneBrand = (word: string): boolean => BRAND_WORD.test(word);
