// The columns of an instructor that pages show, selected the same way everywhere: the name and title
// (the instructor portal's header), and the whole public profile (About, the admin cards and forms).
import { instructors } from "@db/schema/index.ts";

export const instructorNameColumns = {
  id: instructors.id,
  name: instructors.name,
  nameAr: instructors.nameAr,
  title: instructors.title,
  titleAr: instructors.titleAr,
};

export const instructorProfileColumns = {
  ...instructorNameColumns,
  bioShort: instructors.bioShort,
  bioShortAr: instructors.bioShortAr,
  photoUrl: instructors.photoUrl,
  email: instructors.email,
  facebook: instructors.facebook,
  instagram: instructors.instagram,
  linkedin: instructors.linkedin,
};
