/**
 * Text for people: {@link io.plate.api.text.TextTable} is the one table renderer of every bundle (the
 * shell's listings and reports, a run's diagnostics table), fitted to the terminal it is written to;
 * {@link io.plate.api.text.Plural} agrees a noun with its count (since 1.1.0); {@link io.plate.api.text.NearestName}
 * is the "did you mean" of every command line (since 1.2.0; every name a typed prefix begins since 1.3.0);
 * {@link io.plate.api.text.IgnoredData} is what a model or run says it leaves out of its data and
 * {@link io.plate.api.text.Visible} shows the invisible characters and shortens the very long names of a user's
 * data in tables, summaries and messages (both since 1.3.0); {@link io.plate.api.text.CharacterClass} names the
 * characters of a word, a name and invisible text, and {@link io.plate.api.text.ShellWord} writes a name as one word
 * of a command line an advice message tells the user to type (both since 1.4.0); {@link io.plate.api.text.NearestName#suggestion} is its one phrasing, appended to a message
 * (since 1.5.0).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.7.0")
package io.plate.api.text;
