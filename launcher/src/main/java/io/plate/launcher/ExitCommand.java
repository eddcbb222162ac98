package io.plate.launcher;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shell's {@code exit [N]}: ends the interactive shell, a script, {@code -c} or the commands piped in,
 * with status N (0 when left out), as a POSIX shell's exit does. One rule for every mode: N is a whole
 * number from 0 to 255.
 */
final class ExitCommand {
    /** {@code exit} alone or followed by words. */
    private static final Pattern EXIT = Pattern.compile("exit(?:\\s+(.*))?", Pattern.DOTALL);
    private static final Pattern STATUS = Pattern.compile("25[0-5]|2[0-4]\\d|1?\\d?\\d");

    private ExitCommand() {
    }

    /**
     * The status that {@code program} ends with when it is an exit command, else null.
     *
     * @throws IllegalArgumentException when its status is not 0 to 255
     */
    static Integer of(String program) {
        Matcher m = EXIT.matcher(program.strip());
        if (!m.matches()) {
            return null;
        }
        return status(m.group(1) == null ? List.of() : List.of((Object[]) m.group(1).strip().split("\\s+")));
    }

    /**
     * The status the words after {@code exit} give.
     *
     * @throws IllegalArgumentException when they are not one status from 0 to 255
     */
    static int status(List<?> words) {
        if (words.isEmpty()) {
            return 0;
        }
        String word = String.valueOf(words.get(0));
        if (words.size() > 1 || !STATUS.matcher(word).matches()) {
            throw new IllegalArgumentException("exit: the status is one whole number from 0 to 255, not '"
                    + String.join(" ", words.stream().map(String::valueOf).toList()) + "'");
        }
        return Integer.parseInt(word);
    }
}
