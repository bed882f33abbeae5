/** One page of a long admin list: the rows, how many there are in all, and where this page is. */
export type PagedDto<T> = {
  items: T[];
  total: number;
  /** 1-based. */
  page: number;
  page_size: number;
};
