CREATE TABLE "flow_daily" (
	"day" date NOT NULL,
	"org_id" text NOT NULL,
	"api_key_id" text NOT NULL,
	"family" text NOT NULL,
	"flow_version" text NOT NULL,
	"metric" text NOT NULL,
	"label" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "flow_daily_org_id_family_day_api_key_id_flow_version_metric_label_pk" PRIMARY KEY("org_id","family","day","api_key_id","flow_version","metric","label")
);
--> statement-breakpoint
CREATE TABLE "flow_daily_devices" (
	"day" date NOT NULL,
	"org_id" text NOT NULL,
	"api_key_id" text NOT NULL,
	"family" text NOT NULL,
	"flow_version" text NOT NULL,
	"device" text NOT NULL,
	"browser" text NOT NULL,
	"label" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "flow_daily_devices_org_id_family_day_api_key_id_flow_version_device_browser_label_pk" PRIMARY KEY("org_id","family","day","api_key_id","flow_version","device","browser","label")
);
--> statement-breakpoint
CREATE TABLE "flow_sessions" (
	"family" text NOT NULL,
	"session_id" text NOT NULL,
	"org_id" text NOT NULL,
	"api_key_id" text NOT NULL,
	"flow_version" text NOT NULL,
	"device" text NOT NULL,
	"browser" text NOT NULL,
	"day" date NOT NULL,
	"milestones" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flow_sessions_family_session_id_pk" PRIMARY KEY("family","session_id")
);
