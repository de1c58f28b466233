// An instructor's name and title as the public site shows them: each in its own direction (either may be
// written in either language), the classes the place they stand in gives them. `heading`: the name is the
// bio section's h3 and the title a paragraph; elsewhere (a card, the home strip) both are spans of a link.

export function InstructorName({
  name,
  title,
  nameClass,
  titleClass,
  heading = false,
}: {
  name: string;
  title: string;
  nameClass: string;
  titleClass: string;
  heading?: boolean;
}) {
  const Name = heading ? "h3" : "span";
  const Title = heading ? "p" : "span";
  return (
    <>
      <Name dir="auto" className={nameClass}>
        {name}
      </Name>
      <Title dir="auto" className={titleClass}>
        {title}
      </Title>
    </>
  );
}
