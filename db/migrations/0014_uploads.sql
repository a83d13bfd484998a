CREATE TABLE "uploaded_images" (
	"hash" text PRIMARY KEY NOT NULL,
	"src" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"original_type" text NOT NULL,
	"original_bytes" integer NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_images_hash_shape" CHECK ("uploaded_images"."hash" ~ '^[0-9a-f]{32}$'),
	CONSTRAINT "uploaded_images_size_positive" CHECK ("uploaded_images"."width" > 0 AND "uploaded_images"."height" > 0 AND "uploaded_images"."original_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
