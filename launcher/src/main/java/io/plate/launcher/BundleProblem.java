package io.plate.launcher;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why a bundle failed, in one line for a user: the innermost cause's message, and for a bundle that does not
 * resolve what it misses ({@code missing package org.x (version [1.2.0,2.0.0))}) in place of Felix's
 * resolver report, which repeats the requirement as an LDAP filter and names bundles by revision.
 */
final class BundleProblem {
    /** Felix's resolver report: "missing requirement [BUNDLE [ID](R ID.0)] NAMESPACE; FILTER". */
    private static final Pattern MISSING = Pattern.compile("missing requirement \\[(\\S+)[^\\]]*\\][^\\]]*\\] ([\\w.-]+); ");
    private static final Pattern NAME = Pattern.compile("\\(([\\w.-]+)=([^)*]+)\\)");
    private static final Pattern AT_LEAST = Pattern.compile("(?<!!)\\((?:bundle-)?version>=([^)]+)\\)");
    private static final Pattern BELOW = Pattern.compile("\\(!\\((?:bundle-)?version>=([^)]+)\\)\\)");
    private static final Pattern AT_MOST = Pattern.compile("(?<!!)\\((?:bundle-)?version<=([^)]+)\\)");
    private static final Pattern ABOVE = Pattern.compile("\\(!\\((?:bundle-)?version<=([^)]+)\\)\\)");
    private static final Pattern EXACTLY = Pattern.compile("\\((?:bundle-)?version=([^)]+)\\)");

    private BundleProblem() {
    }

    /** The reason {@code failure} gives, on one line (empty for none). */
    static String reason(Throwable failure) {
        Throwable t = innermost(failure);
        if (t == null) {
            return "";
        }
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        String missing = unresolved(m);
        return (missing != null ? missing : m).replace('\n', ' ');
    }

    /**
     * What a resolver report says is missing: the bundle's own unmet requirement, or, when that requirement's
     * provider does not resolve either, the provider and what it misses; null when {@code report} is none.
     */
    static String unresolved(String report) {
        List<String[]> chain = new ArrayList<>();
        Matcher m = MISSING.matcher(report);
        while (m.find()) {
            String filter = balanced(report, m.end());
            if (filter != null) {
                chain.add(new String[] {m.group(1), m.group(2), filter});
            }
        }
        if (chain.isEmpty()) {
            return null;
        }
        String[] last = chain.get(chain.size() - 1);
        if (chain.size() == 1) {
            return "missing " + requirement(last[1], last[2]);
        }
        String[] first = chain.get(0);
        return "needs " + requirement(first[1], first[2]) + " from " + last[0] + ", which is missing "
                + requirement(last[1], last[2]);
    }

    /** The parenthesised expression that starts at {@code from}, or null. */
    private static String balanced(String text, int from) {
        if (from >= text.length() || text.charAt(from) != '(') {
            return null;
        }
        int depth = 0;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++; // an escaped character of a filter value
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return text.substring(from, i + 1);
            }
        }
        return null;
    }

    /** A requirement in words: "package org.x (version [1.2.0,2.0.0))". */
    private static String requirement(String namespace, String filter) {
        String kind = switch (namespace) {
            case "osgi.wiring.package" -> "package";
            case "osgi.wiring.bundle" -> "bundle";
            case "osgi.wiring.host" -> "host bundle";
            case "osgi.ee" -> "execution environment";
            default -> namespace;
        };
        String name = null;
        Matcher n = NAME.matcher(filter);
        while (name == null && n.find()) {
            if (n.group(1).equals(namespace)) {
                name = n.group(2);
            }
        }
        String range = range(filter);
        return kind + " " + (name != null ? name : filter) + (range.isEmpty() ? "" : " (version " + range + ")");
    }

    /** The version range a filter requires, in the manifest's notation ([1.2.0,2.0.0)), or "". */
    private static String range(String filter) {
        Matcher exactly = EXACTLY.matcher(filter);
        if (exactly.find()) {
            return "[" + exactly.group(1) + "," + exactly.group(1) + "]";
        }
        String low = first(AT_LEAST, filter);
        String lowOpen = first(ABOVE, filter);
        String high = first(BELOW, filter);
        String highClosed = first(AT_MOST, filter);
        String from = low != null ? "[" + low : lowOpen != null ? "(" + lowOpen : null;
        String to = high != null ? high + ")" : highClosed != null ? highClosed + "]" : null;
        if (from == null && to == null) {
            return "";
        }
        if (to == null) {
            return from.startsWith("[") ? ">=" + low : ">" + lowOpen;
        }
        return (from == null ? "[0.0.0" : from) + "," + to;
    }

    private static String first(Pattern p, String text) {
        Matcher m = p.matcher(text);
        return m.find() ? m.group(1) : null;
    }

    private static Throwable innermost(Throwable failure) {
        Throwable t = failure;
        while (t != null && t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }
}
