package io.plate.plot;

import java.util.ArrayList;
import java.util.List;

/**
 * The short form of an SVG path's data ({@code d}): every point rounded to a hundredth of a pixel, then
 * written relative to the one before ({@code m1 2l3.5-4}, a repeated command's letter left out, no
 * leading zero), the form SVG minifiers write. Rounding happens on absolute positions and the offsets are
 * taken between rounded positions, so errors do not add up along a path: every point is within 0.005
 * px of where it was. VectorGraphics2D writes absolute {@code M L Q C Z} with up to 17 digits a number.
 */
final class SvgPathData {
    private SvgPathData() {
    }

    /** Numbers each command takes (absolute commands that VectorGraphics2D writes, and {@code Z}). */
    private static int arity(char command) {
        return switch (command) {
            case 'M', 'L' -> 2;
            case 'Q' -> 4;
            case 'C' -> 6;
            case 'Z' -> 0;
            default -> -1;
        };
    }

    /** {@code d} in its short form; {@code d} itself when it has a command other than M, L, Q, C, Z or a number it cannot read. */
    static String compact(String d) {
        List<Object> tokens = tokens(d);
        if (tokens == null) {
            return d;
        }
        StringBuilder out = new StringBuilder(d.length() / 2);
        long x = 0; // current point, in hundredths of a pixel
        long y = 0;
        long startX = 0;
        long startY = 0;
        char command = 0;
        char written = 0; // the command a number written next continues (after m: l)
        int i = 0;
        while (i < tokens.size()) {
            if (tokens.get(i) instanceof Character c) {
                command = c;
                i++;
            } else if (command == 0 || command == 'Z') {
                return d; // numbers with no command to take them
            } else if (command == 'M') {
                command = 'L'; // coordinates after a moveto's first pair are lines
            }
            int n = arity(command);
            if (n < 0 || i + n > tokens.size()) {
                return d;
            }
            char relative = Character.toLowerCase(command);
            if (relative != written || relative == 'm' || relative == 'z') {
                out.append(relative);
            }
            written = relative == 'm' ? 'l' : relative;
            long[] pts = new long[n];
            for (int k = 0; k < n; k++) {
                if (!(tokens.get(i + k) instanceof Double v)) {
                    return d;
                }
                pts[k] = hundredths(v);
            }
            i += n;
            for (int k = 0; k < n; k++) {
                number(out, pts[k] - (k % 2 == 0 ? x : y));
            }
            if (command == 'Z') {
                x = startX;
                y = startY;
            } else {
                x = pts[n - 2];
                y = pts[n - 1];
                if (command == 'M') {
                    startX = x;
                    startY = y;
                }
            }
        }
        return out.toString();
    }

    /** Command letters (upper case, as written) and numbers of {@code d}, or null if something else is in it. */
    private static List<Object> tokens(String d) {
        List<Object> out = new ArrayList<>();
        int i = 0;
        int n = d.length();
        while (i < n) {
            char c = d.charAt(i);
            if (c == ' ' || c == ',' || c == '\n' || c == '\t' || c == '\r') {
                i++;
            } else if (Character.isLetter(c) && c != 'e' && c != 'E') {
                if (arity(c) < 0) {
                    return null;
                }
                out.add(c);
                i++;
            } else {
                int end = numberEnd(d, i);
                if (end == i) {
                    return null;
                }
                double v;
                try {
                    v = Double.parseDouble(d.substring(i, end));
                } catch (NumberFormatException e) {
                    return null;
                }
                if (!Double.isFinite(v)) {
                    return null;
                }
                out.add(v);
                i = end;
            }
        }
        return out;
    }

    /**
     * A path in short form ({@link #compact}) cut into its start point and its outline: the rest of the data,
     * which draws the same shape from any start because every command in it is relative.
     */
    record Placed(long x, long y, String outline) {
        /** The path data that draws the outline from (0, 0). */
        String atOrigin() {
            return "m0 0" + outline;
        }
    }

    /** {@code d} cut at its first point, or null when {@code d} is not in short form (an absolute command in it). */
    static Placed placed(String d) {
        if (d.isEmpty() || d.charAt(0) != 'm') {
            return null;
        }
        for (int k = 0; k < d.length(); k++) {
            if (Character.isUpperCase(d.charAt(k))) {
                return null; // compact left an arc or a number it could not read as written
            }
        }
        int xEnd = numberEnd(d, 1);
        int yStart = xEnd < d.length() && d.charAt(xEnd) == ' ' ? xEnd + 1 : xEnd;
        int yEnd = numberEnd(d, yStart);
        if (xEnd == 1 || yEnd == yStart) {
            return null;
        }
        try {
            return new Placed(hundredths(Double.parseDouble(d.substring(1, xEnd))),
                    hundredths(Double.parseDouble(d.substring(yStart, yEnd))), d.substring(yEnd));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Where the number that starts at {@code i} ends (SVG's number: sign, digits, point, exponent). */
    private static int numberEnd(String s, int i) {
        int j = i;
        if (j < s.length() && (s.charAt(j) == '-' || s.charAt(j) == '+')) {
            j++;
        }
        int digits = 0;
        while (j < s.length() && Character.isDigit(s.charAt(j))) {
            j++;
            digits++;
        }
        if (j < s.length() && s.charAt(j) == '.') {
            j++;
            while (j < s.length() && Character.isDigit(s.charAt(j))) {
                j++;
                digits++;
            }
        }
        if (digits == 0) {
            return i;
        }
        if (j < s.length() && (s.charAt(j) == 'e' || s.charAt(j) == 'E')) {
            int k = j + 1;
            if (k < s.length() && (s.charAt(k) == '-' || s.charAt(k) == '+')) {
                k++;
            }
            int e = k;
            while (k < s.length() && Character.isDigit(s.charAt(k))) {
                k++;
            }
            if (k > e) {
                j = k;
            }
        }
        return j;
    }

    /** {@code v} in hundredths, rounded half away from zero (so that -0.005 and 0.005 mirror each other). */
    static long hundredths(double v) {
        return (long) Math.signum(v) * Math.round(Math.abs(v) * 100);
    }

    /** {@code h} hundredths written as SVG's shortest decimal: {@code 12}, {@code 1.5}, {@code -.05}. */
    static String decimal(long h) {
        StringBuilder out = new StringBuilder();
        appendDecimal(out, h);
        return out.toString();
    }

    private static void appendDecimal(StringBuilder out, long h) {
        if (h < 0) {
            out.append('-');
            h = -h;
        }
        long whole = h / 100;
        int frac = (int) (h % 100);
        if (whole > 0 || frac == 0) {
            out.append(whole);
        }
        if (frac > 0) {
            out.append('.').append((char) ('0' + frac / 10));
            if (frac % 10 != 0) {
                out.append((char) ('0' + frac % 10));
            }
        }
    }

    /** Appends a number, with a space before it unless a letter or its own minus sign separates it. */
    private static void number(StringBuilder out, long h) {
        char last = out.length() == 0 ? ' ' : out.charAt(out.length() - 1);
        if (h >= 0 && !Character.isLetter(last)) {
            out.append(' ');
        }
        appendDecimal(out, h);
    }
}
