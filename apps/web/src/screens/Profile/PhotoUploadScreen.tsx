import { Link } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon.tsx';
import { PersonIcon } from '../../components/Icons.tsx';

export function PhotoUploadScreen() {
  return (
    <>
      <ComingSoon title="Profile photo" icon={<PersonIcon size={32} />}>
        Uploading a photo or taking one with your camera is coming soon.
      </ComingSoon>
      <p className="center">
        <Link to="/profile" className="btn btn--ghost">
          Back to profile
        </Link>
      </p>
    </>
  );
}
