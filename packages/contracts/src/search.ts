/** The longest search query, in characters (code points): the route refuses longer, the boxes stop there (decision 0031). */
export const SEARCH_QUERY_MAX = 100;
