import { MailIcon, PencilIcon, SendIcon, UserIcon, type LucideIcon } from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ChangeEmailDialog } from "./change-email-dialog";
import { ChangePasswordDialog } from "./change-password-dialog";
import { ChangeTelegramDialog } from "./change-telegram-dialog";
import { useDashboard } from "./dashboard-context";
import { DashboardSection } from "./dashboard-section";
import { EditProfileDialog } from "./edit-profile-dialog";
import { PasskeysCard } from "./security/passkeys-card";
import { SecurityPanel } from "./security/security-panel";
import { SessionsCard } from "./security/sessions-card";
import { TwoFactorCard } from "./security/two-factor-card";
import { YourDataCard } from "./your-data-card";

/** User Info: cards User, Email and Telegram Account, each with the edit icon. */
export function UserInfoSection() {
  const { profile } = useDashboard();
  const [editing, setEditing] = React.useState(false);
  const [changingEmail, setChangingEmail] = React.useState(false);
  const [changingTelegram, setChangingTelegram] = React.useState(false);
  const edit = () => setEditing(true);
  const username = profile.telegramUsername;
  return (
    <DashboardSection id="user-info" title="User Info">
      <div className="grid gap-4 md:grid-cols-3">
        <InfoCard title="User" icon={UserIcon} onEdit={edit}>
          {`${profile.firstName} ${profile.lastName}`}
        </InfoCard>
        <InfoCard title="Email" icon={MailIcon} onEdit={() => setChangingEmail(true)}>
          <span className="flex flex-wrap items-center gap-2">
            <span>{profile.email}</span>
            {profile.emailVerified ? (
              <Badge variant="success">Verified</Badge>
            ) : (
              <Badge variant="outline">Not verified</Badge>
            )}
          </span>
        </InfoCard>
        <InfoCard title="Telegram Account" icon={SendIcon} onEdit={() => setChangingTelegram(true)}>
          <span className="flex flex-wrap items-center gap-2">
            {username ? <span>{`@${username}`}</span> : "Not set"}
            {profile.telegramVerified ? (
              <Badge variant="success">Verified</Badge>
            ) : (
              <Badge variant="outline">Not verified</Badge>
            )}
          </span>
        </InfoCard>
      </div>
      <div>
        <ChangePasswordDialog />
      </div>
      <SecurityPanel>
        <TwoFactorCard />
        <PasskeysCard />
        <SessionsCard />
      </SecurityPanel>
      <YourDataCard />
      <EditProfileDialog open={editing} onOpenChange={setEditing} />
      <ChangeEmailDialog open={changingEmail} onOpenChange={setChangingEmail} />
      <ChangeTelegramDialog open={changingTelegram} onOpenChange={setChangingTelegram} />
    </DashboardSection>
  );
}

function InfoCard({
  title,
  icon: Icon,
  onEdit,
  children,
}: {
  title: string;
  icon: LucideIcon;
  onEdit: () => void;
  children: React.ReactNode;
}) {
  return (
    <Card role="group" aria-label={title} className="gap-3">
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <Icon className="size-4" aria-hidden="true" />
            {title}
          </h2>
        </CardTitle>
        <CardAction>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={onEdit}
            aria-label={`Edit ${title}`}
          >
            <PencilIcon />
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="font-medium break-all">{children}</CardContent>
    </Card>
  );
}
