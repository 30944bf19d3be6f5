-- role admin: { case_invitation { id case_id email user_id expires_at accepted_at created_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'case_id', "t0"."case_id", 'email', "t0"."email", 'user_id', "t0"."user_id", 'expires_at', "t0"."expires_at", 'accepted_at', "t0"."accepted_at", 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."case_id", "t0"."email", "t0"."user_id", "t0"."expires_at", "t0"."accepted_at", "t0"."created_at"
  FROM "case_invitation" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
