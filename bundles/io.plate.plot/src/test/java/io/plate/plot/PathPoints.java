package io.plate.plot;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The end points of an SVG path's segments, absolute, read as SVG 1.1 defines path data (absolute and
 * relative M L H V Z, a command's letter repeated implicitly, a moveto's extra pairs as linetos): written
 * for the tests from the specification, apart from the code that writes path data.
 */
final class PathPoints {
    private static final Pattern TOKEN = Pattern.compile("[MmLlHhVvZz]|[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?");

    private PathPoints() {
    }

    /** Each point the path moves or draws to, in order: {x, y}. */
    static List<double[]> of(String d) {
        List<String> tokens = new ArrayList<>();
        Matcher m = TOKEN.matcher(d);
        int end = 0;
        while (m.find()) {
            String between = d.substring(end, m.start());
            if (!between.replace(",", " ").isBlank()) {
                throw new IllegalArgumentException("not path data at " + m.start() + ": " + between);
            }
            tokens.add(m.group());
            end = m.end();
        }
        List<double[]> out = new ArrayList<>();
        double x = 0;
        double y = 0;
        double sx = 0;
        double sy = 0;
        char cmd = 0;
        int i = 0;
        while (i < tokens.size()) {
            String t = tokens.get(i);
            if (Character.isLetter(t.charAt(0))) {
                cmd = t.charAt(0);
                i++;
                if (cmd == 'Z' || cmd == 'z') {
                    x = sx;
                    y = sy;
                    continue;
                }
            } else if (cmd == 'M') {
                cmd = 'L';
            } else if (cmd == 'm') {
                cmd = 'l';
            }
            boolean rel = Character.isLowerCase(cmd);
            switch (Character.toUpperCase(cmd)) {
                case 'M', 'L' -> {
                    double a = Double.parseDouble(tokens.get(i++));
                    double b = Double.parseDouble(tokens.get(i++));
                    x = rel ? x + a : a;
                    y = rel ? y + b : b;
                    if (Character.toUpperCase(cmd) == 'M') {
                        sx = x;
                        sy = y;
                    }
                }
                case 'H' -> {
                    double a = Double.parseDouble(tokens.get(i++));
                    x = rel ? x + a : a;
                }
                case 'V' -> {
                    double b = Double.parseDouble(tokens.get(i++));
                    y = rel ? y + b : b;
                }
                default -> throw new IllegalArgumentException("command " + cmd + " in " + d);
            }
            out.add(new double[] {x, y});
        }
        return out;
    }
}
