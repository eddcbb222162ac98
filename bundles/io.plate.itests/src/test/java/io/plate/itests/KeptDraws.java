package io.plate.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Each chain's draws as a run's table line states them: {@code 2 chains × 400 kept draws}, or the total then
 * each chain's, {@code 1731 kept draws, 784 + 947 in 2 chains} (a line broken by the terminal's width included).
 */
final class KeptDraws {
    /** "kept draws", or "draws held" when a long run's trace stores every n-th draw (thinned storage). */
    private static final String DRAWS = "(?:kept\\s+draws?|draws?\\s+held)";
    private static final Pattern SAME = Pattern.compile("(\\d+)\\s+chains?\\s+×\\s+(\\d+)\\s+" + DRAWS);
    private static final Pattern EACH = Pattern.compile("(\\d+)\\s+" + DRAWS + ",\\s+(\\d+(?:\\s+\\+\\s+\\d+)*)\\s+in\\s+"
            + "(\\d+)\\s+chains?");

    private KeptDraws() {
    }

    /** The draws of each chain in the first table line of {@code output}; fails when there is none or the total is off. */
    static long[] perChain(String output) {
        Matcher same = SAME.matcher(output);
        Matcher each = EACH.matcher(output);
        boolean s = same.find();
        boolean e = each.find();
        if (s && (!e || same.start() < each.start())) {
            long[] out = new long[Integer.parseInt(same.group(1))];
            Arrays.fill(out, Long.parseLong(same.group(2)));
            return out;
        }
        if (!e) {
            throw new AssertionError("no kept draws stated in\n" + output);
        }
        long[] out = Arrays.stream(each.group(2).split("\\s+\\+\\s+")).mapToLong(Long::parseLong).toArray();
        assertEquals(Integer.parseInt(each.group(3)), out.length, "chains in " + each.group());
        assertEquals(Long.parseLong(each.group(1)), Arrays.stream(out).sum(), "the total of " + each.group());
        return out;
    }
}
