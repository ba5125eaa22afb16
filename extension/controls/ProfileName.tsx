import type { BrowserProfile } from '../../shared/profile/browser-profile';
import { renameBrowserProfile } from '../background/browser-profile-store';

/** This browser profile's name, which the user may change here (renamed when the field loses focus). */
export function ProfileName({
  profile,
  onRenamed,
}: {
  profile: BrowserProfile;
  onRenamed: (profile: BrowserProfile) => void;
}) {
  return (
    <details className="profile">
      <summary>This browser: {profile.name}</summary>
      <label className="field">
        Browser profile name
        <input
          className="cr-input"
          defaultValue={profile.name}
          maxLength={80}
          onBlur={(e) => renameBrowserProfile(e.target.value).then(onRenamed)}
        />
      </label>
    </details>
  );
}
