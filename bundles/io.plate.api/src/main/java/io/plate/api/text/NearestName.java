package io.plate.api.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The "did you mean" of every command line: the known names a word begins (a typed prefix, {@code lear} of
 * {@code learners}), else the known name closest to it in edit distance if close enough to be a typo. The
 * shell's commands and options and the Spark jar's learners and options use it.
 */
public final class NearestName {
    private NearestName() {
    }

    /**
     * The name of {@code names} to suggest for {@code word}: the one it begins (the closest of several), else the
     * one closest in edit distance if close enough to be a typo; else null.
     */
    public static String of(String word, Iterable<String> names) {
        List<String> all = all(word, names);
        return all.isEmpty() ? null : all.size() == 1 ? all.get(0) : closest(word, all);
    }

    /**
     * Every name of {@code names} that {@code word} begins (at least two characters, leading dashes aside; in
     * their order), else the one closest in edit distance if close enough to be a typo; else none.
     * @since 1.3.0
     */
    public static List<String> all(String word, Iterable<String> names) {
        String bare = word.toLowerCase(Locale.ROOT).replaceFirst("^-+", "");
        List<String> begun = new ArrayList<>();
        for (String n : names) {
            if (bare.length() >= 2 && n.toLowerCase(Locale.ROOT).replaceFirst("^-+", "").startsWith(bare)) {
                begun.add(n);
            }
        }
        if (!begun.isEmpty()) {
            return begun;
        }
        String near = closest(word, names);
        return near == null ? List.of() : List.of(near);
    }

    /**
     * {@code " (did you mean a or b?)"}, the names of {@code names} to suggest for {@code word} ({@link #all}), to
     * append to a message refusing it; {@code ""} when none is close. The one phrasing of the shell and the library.
     * @since 1.5.0
     */
    public static String suggestion(String word, Iterable<String> names) {
        List<String> near = all(word, names);
        return near.isEmpty() ? "" : " (did you mean " + either(near) + "?)";
    }

    /** {@code a}, {@code a or b}, {@code a, b or c}: names to choose from, as a "did you mean" lists them. @since 1.3.0 */
    public static String either(List<String> names) {
        int n = names.size();
        return n <= 1 ? String.join("", names)
                : String.join(", ", names.subList(0, n - 1)) + " or " + names.get(n - 1);
    }

    /** The name closest to {@code word} in edit distance, if close enough to be a typo (or {@code word} begins it). */
    private static String closest(String word, Iterable<String> names) {
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
