package io.plate.api.text;

import java.util.Locale;

/**
 * The "did you mean" of every command line: the known name closest to a mistyped word in edit distance
 * (or one the word begins), if close enough to be a typo. The shell's commands and options and the Spark
 * jar's learners and options use it.
 */
public final class NearestName {
    private NearestName() {
    }

    /** The name of {@code names} closest to {@code word} (or starting with it), if close enough to be a typo; else null. */
    public static String of(String word, Iterable<String> names) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        String w = word.toLowerCase(Locale.ROOT);
        for (String n : names) {
            int d = distance(w, n.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = n;
            }
        }
        if (best == null) {
            return null;
        }
        String bare = w.replaceFirst("^-+", "");
        boolean prefix = bare.length() >= 2 && best.replaceFirst("^-+", "").startsWith(bare);
        return prefix || bestDistance <= Math.max(2, best.length() / 3) ? best : null;
    }

    /** Levenshtein distance. */
    public static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
