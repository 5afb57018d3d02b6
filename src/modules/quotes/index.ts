/** The public face of the quotes module: what other modules may import (docs/architecture.md#modules). */
export { computeQuotePrice } from './domain/compute-quote-price.js';
export { CURRENT_PRICE_LIST, type PriceList } from './domain/price-list.js';
export { QuotesModule } from './quotes.module.js';
