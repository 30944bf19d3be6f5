// The data layer's `admin` role (X-Data-Admin-Secret alone, docs/data-layer.md#authentication): not
// a permissions.yaml role; it reads every tracked table and column without row filters. Kept free
// of imports so build-time code (the per-role SDL generator) can use it too.
export const adminRole = 'admin';
