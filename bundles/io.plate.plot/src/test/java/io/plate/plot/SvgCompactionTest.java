package io.plate.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The rewriting of VectorGraphics2D's SVG, on small documents written the way it writes them. */
class SvgCompactionTest {
    private static final String SERIES = "fill:none;stroke:rgb(0,55,255);stroke-opacity:0.705882352941177;stroke-width:2;"
            + "stroke-miterlimit:10;stroke-linecap:round;";

    /** {@code body} in an SVG document as VectorGraphics2D starts one, compacted and read back. */
    private static Document compact(String body) throws Exception {
        String svg = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
                + "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n"
                + "<svg xmlns:xlink=\"http://www.w3.org/1999/xlink\" height=\"360px\" version=\"1.1\" viewBox=\"0 0 800 360\""
                + " width=\"800px\" x=\"0px\" y=\"0px\" xmlns=\"http://www.w3.org/2000/svg\">\n" + body + "\n</svg>\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SvgCompaction.write(svg.getBytes(StandardCharsets.UTF_8), out);
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\""), text);
        return SvgCompaction.parse(out.toByteArray());
    }

    private static List<Element> all(Document doc, String name) {
        NodeList nodes = doc.getElementsByTagNameNS(SvgCompaction.SVG_NS, name);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            out.add((Element) nodes.item(i));
        }
        return out;
    }

    private static String line(String style, double x1, double y1, double x2, double y2) {
        return "<line style=\"" + style + "\" x1=\"" + x1 + "\" x2=\"" + x2 + "\" y1=\"" + y1 + "\" y2=\"" + y2 + "\"/>";
    }

    @Test
    void joiningRoundCappedSegmentsOfOneStyleBecomeOnePathWithRoundJoins() throws Exception {
        Document doc = compact("<g clip-path=\"url(#c1)\">" + line(SERIES, 10, 20, 11.123456789, 30.5)
                + line(SERIES, 11.123456789, 30.5, 12.5, 25) + line(SERIES, 12.5, 25, 14, 40) + "</g>"
                + "<defs><clipPath id=\"c1\"><rect height=\"300\" width=\"700\" x=\"50\" y=\"10\"/></clipPath></defs>");
        assertEquals(0, all(doc, "line").size());
        List<Element> paths = all(doc, "path");
        assertEquals(1, paths.size());
        List<double[]> pts = PathPoints.of(paths.get(0).getAttribute("d"));
        double[][] expected = {{10, 20}, {11.12, 30.5}, {12.5, 25}, {14, 40}};
        assertEquals(expected.length, pts.size());
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i][0], pts.get(i)[0], 1e-9, "x of point " + i);
            assertEquals(expected[i][1], pts.get(i)[1], 1e-9, "y of point " + i);
        }
        var style = SvgCompaction.style(paths.get(0).getAttribute("style"));
        assertEquals("round", style.get("stroke-linejoin"));
        assertEquals("round", style.get("stroke-linecap"));
        assertEquals("rgb(0,55,255)", style.get("stroke"));
        assertEquals("2", style.get("stroke-width"));
        assertEquals("url(#c1)", ((Element) paths.get(0).getParentNode()).getAttribute("clip-path"), "clip kept");
    }

    @Test
    void segmentsThatWouldDrawDifferentlyJoinedStayApart() throws Exception {
        String butt = "fill:none;stroke:rgb(0,0,0);stroke-width:2;";
        String dashed = SERIES + "stroke-dasharray:3,5;";
        String other = SERIES.replace("rgb(0,55,255)", "rgb(255,172,0)");
        Document doc = compact(
                // butt caps: joined, the notch at each joint would be filled
                line(butt, 0, 0, 10, 10) + line(butt, 10, 10, 20, 0)
                // dashes would run on across the joint instead of starting again
                + line(dashed, 0, 0, 10, 10) + line(dashed, 10, 10, 20, 0)
                // a gap between the segments
                + line(SERIES, 0, 0, 10, 10) + line(SERIES, 10.5, 10, 20, 0)
                // another colour
                + line(SERIES, 30, 0, 40, 10) + line(other, 40, 10, 50, 0));
        assertEquals(8, all(doc, "line").size());
        assertEquals(0, all(doc, "path").size());
    }

    @Test
    void whatPaintsNothingIsRemovedWithTheClipOnlyItUsed() throws Exception {
        Document doc = compact("<defs><clipPath id=\"clip1\"><rect height=\"360\" width=\"800\" x=\"0\" y=\"0\"/></clipPath>"
                + "<clipPath id=\"clip2\"><rect height=\"360\" width=\"800\" x=\"-31\" y=\"-73\"/></clipPath></defs>"
                + "<g clip-path=\"url(#clip2)\" transform=\"translate(31 73.037109375)\">"
                + "<path d=\"M0.65625,-4.3125 L4.328125,-4.3125 Z\" style=\"fill:rgb(0,0,0);fill-opacity:0;stroke:none;\"/></g>"
                + "<g clip-path=\"url(#clip1)\"><rect height=\"5\" style=\"fill:rgb(255,255,255);stroke:none;\" width=\"5\" x=\"1\" y=\"1\"/>"
                + "<line style=\"fill:none;stroke:rgb(9,9,9);stroke-opacity:0;\" x1=\"0\" x2=\"1\" y1=\"0\" y2=\"1\"/></g>");
        assertEquals(0, all(doc, "path").size(), "a label drawn fully transparent");
        assertEquals(0, all(doc, "line").size(), "a line drawn fully transparent");
        assertEquals(1, all(doc, "rect").stream().filter(r -> r.hasAttribute("style")).count(), "a white fill is drawn");
        List<Element> clips = all(doc, "clipPath");
        assertEquals(1, clips.size());
        assertEquals("clip1", clips.get(0).getAttribute("id"));
        assertEquals(1, all(doc, "g").size(), "the group left empty is gone");
    }

    @Test
    void consecutiveElementsOfOneStyleShareIt() throws Exception {
        String marker = "fill:rgb(0,55,255);fill-opacity:0.705882352941177;stroke:none;";
        String text = "fill:rgb(0,0,0);stroke:none;font-family:&quot;DejaVu Sans&quot;;font-weight:bold;";
        Document doc = compact("<g clip-path=\"url(#c)\">"
                + "<ellipse cx=\"427.69522971734483\" cy=\"130.9415292814717\" rx=\"2.5\" ry=\"2.5\" style=\"" + marker + "\"/>"
                + "<ellipse cx=\"394.2707494603058\" cy=\"143.59577051541802\" rx=\"2.5\" ry=\"2.5\" style=\"" + marker + "\"/>"
                + "<ellipse cx=\"440.25\" cy=\"142.57\" rx=\"2.5\" ry=\"2.5\" style=\"" + marker + "\"/>"
                + "<text style=\"" + text + "\" x=\"60\" y=\"328\">1,500</text>"
                + "<text style=\"" + text + "\" x=\"141\" y=\"328\"> 2 000 </text>"
                // opacity applies to an element as a whole and is not inherited: not moved to a group
                + "<rect height=\"5\" style=\"fill:rgb(1,2,3);opacity:0.5;\" width=\"5\" x=\"1\" y=\"1\"/>"
                + "<rect height=\"5\" style=\"fill:rgb(1,2,3);opacity:0.5;\" width=\"5\" x=\"7\" y=\"1\"/>"
                + "</g><defs><clipPath id=\"c\"><rect height=\"360\" width=\"800\" x=\"0\" y=\"0\"/></clipPath></defs>");
        List<Element> ellipses = all(doc, "ellipse");
        assertEquals(3, ellipses.size());
        Element group = (Element) ellipses.get(0).getParentNode();
        for (Element e : ellipses) {
            assertFalse(e.hasAttribute("style"));
            assertTrue(e.getParentNode() == group, "one group");
        }
        assertEquals(marker, group.getAttribute("style"));
        assertEquals("427.7", ellipses.get(0).getAttribute("cx"));
        assertEquals("143.6", ellipses.get(1).getAttribute("cy"));
        assertEquals("2.5", ellipses.get(0).getAttribute("rx"));
        List<Element> texts = all(doc, "text");
        assertEquals("1,500", texts.get(0).getTextContent());
        assertEquals(" 2 000 ", texts.get(1).getTextContent(), "a label's own spaces are kept");
        assertEquals("\"DejaVu Sans\"", SvgCompaction.style(((Element) texts.get(0).getParentNode()).getAttribute("style"))
                .get("font-family"));
        for (Element r : all(doc, "rect")) {
            if (!r.getParentNode().getLocalName().equals("clipPath")) {
                assertEquals("fill:rgb(1,2,3);opacity:0.5;", r.getAttribute("style"));
            }
        }
    }

    @Test
    void translationsAreRoundedAndOtherTransformsKept() throws Exception {
        String black = "fill:rgb(0,0,0);stroke:none;";
        Document doc = compact("<g transform=\"translate(141.38044084821428 329)\"><path d=\"M1.015625,-6.5625 L3.109375,-6.5625 Z\" style=\""
                + black + "\"/></g><g transform=\"matrix(6.123233995736766E-17 -1 1 6.123233995736766E-17 21 196)\">"
                + "<path d=\"M1,2 L3,4 Z\" style=\"" + black + "\"/></g>");
        List<Element> groups = all(doc, "g");
        assertEquals("translate(141.38 329)", groups.get(0).getAttribute("transform"));
        assertEquals("matrix(6.123233995736766E-17 -1 1 6.123233995736766E-17 21 196)", groups.get(1).getAttribute("transform"));
    }

    /** A glyph-like outline as VectorGraphics2D writes one: absolute data, 17 points, from (x, y). */
    private static String outline(double x, double y) {
        double[][] steps = {{1.25, -3.5}, {0.75, 0}, {0, 2.5}, {2, 0}, {0, -2.5}, {0.75, 0}, {-1.25, 3.5}, {1.25, 3.5},
            {-0.75, 0}, {0, -2.5}, {-2, 0}, {0, 2.5}, {-0.75, 0}, {1.25, -3.5}, {-1, 0}, {-0.5, -1}};
        StringBuilder d = new StringBuilder("M").append(x).append(',').append(y);
        for (double[] s : steps) {
            x += s[0];
            y += s[1];
            d.append(" L").append(x).append(',').append(y);
        }
        return d.append(" Z").toString();
    }

    /** The points of {@code d} drawn by {@code e}, on the page: shifted by e's x and y and its groups' translations. */
    private static List<double[]> onPage(Element e, String d) {
        double dx = e.hasAttribute("x") ? Double.parseDouble(e.getAttribute("x")) : 0;
        double dy = e.hasAttribute("y") ? Double.parseDouble(e.getAttribute("y")) : 0;
        for (org.w3c.dom.Node n = e.getParentNode(); n instanceof Element g; n = n.getParentNode()) {
            String t = g.getAttribute("transform");
            if (!t.isEmpty()) {
                String[] xy = t.substring("translate(".length(), t.length() - 1).split(" ");
                dx += Double.parseDouble(xy[0]);
                dy += Double.parseDouble(xy[1]);
            }
        }
        List<double[]> out = new ArrayList<>();
        for (double[] p : PathPoints.of(d)) {
            out.add(new double[] {p[0] + dx, p[1] + dy});
        }
        return out;
    }

    /** A style property of {@code e} as drawn: on the element, else on the nearest group that sets it. */
    private static String property(Element e, String name) {
        for (org.w3c.dom.Node n = e; n instanceof Element el; n = n.getParentNode()) {
            String v = SvgCompaction.style(el.getAttribute("style")).get(name);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    /**
     * XChart draws text as glyph outlines, so a figure's 12 panels drew the same tick labels 12 times. An
     * outline drawn more than once is written once and used: each use draws the points the path drew, on
     * the page, in the path's colour.
     */
    @Test
    void anOutlineDrawnAtSeveralPlacesIsWrittenOnceAndUsedAtEach() throws Exception {
        String black = "fill:rgb(0,0,0);stroke:none;";
        String red = "fill:rgb(255,0,0);stroke:none;";
        double[][] page = {{19 - 3.91, 207 - 2.72}, {829 - 3.91, 207 - 2.72}, {100.5, 40.25}, {300, 50}};
        Document doc = compact("<g transform=\"translate(19 207)\"><path d=\"" + outline(-3.91, -2.72) + "\" style=\"" + black
                + "\"/></g><g transform=\"translate(829 207)\"><path d=\"" + outline(-3.91, -2.72) + "\" style=\"" + black
                + "\"/></g><path d=\"" + outline(100.5, 40.25) + "\" style=\"" + red + "\"/>"
                + "<path d=\"" + outline(300, 50) + "\" style=\"" + black + "\"/>"
                // a transform on the path itself: not replaced (a use's place would be moved by it)
                + "<path d=\"" + outline(0, 0) + "\" style=\"" + black + "\" transform=\"matrix(0 -1 1 0 21 196)\"/>"
                // another outline, drawn once
                + "<path d=\"M1,1 L5,1 L5,5 Z\" style=\"" + black + "\"/>");
        List<Element> defined = all(doc, "path").stream().filter(p -> p.hasAttribute("id")).toList();
        assertEquals(1, defined.size(), "the outline written once");
        Element def = defined.get(0);
        assertEquals("defs", def.getParentNode().getLocalName());
        List<Element> uses = all(doc, "use");
        assertEquals(page.length, uses.size());
        for (int i = 0; i < page.length; i++) {
            Element use = uses.get(i);
            assertEquals("#" + def.getAttribute("id"), use.getAttributeNS(SvgCompaction.XLINK_NS, "href"));
            List<double[]> drawn = onPage(use, def.getAttribute("d"));
            List<double[]> expected = PathPoints.of(outline(page[i][0], page[i][1]));
            assertEquals(expected.size(), drawn.size());
            for (int k = 0; k < expected.size(); k++) {
                assertEquals(expected.get(k)[0], drawn.get(k)[0], 1e-9, "use " + i + ", x of point " + k);
                assertEquals(expected.get(k)[1], drawn.get(k)[1], 1e-9, "use " + i + ", y of point " + k);
            }
            assertEquals(i == 2 ? "rgb(255,0,0)" : "rgb(0,0,0)", property(use, "fill"), "use " + i + "'s colour");
        }
        assertFalse(def.hasAttribute("style"), "the outline takes the colour of each use");
        List<Element> drawnPaths = all(doc, "path").stream().filter(p -> !p.hasAttribute("id")).toList();
        assertEquals(2, drawnPaths.size(), "the transformed path and the other outline");
        assertTrue(drawnPaths.get(0).hasAttribute("transform"));
    }

    /**
     * The theta figure of house-votes (12 panels of bars with error bars, a legend each) was 431 KB with
     * every label's outline written in each panel; 167 KB with them used. This one: 408 KB, then 137 KB.
     */
    @Test
    void aTwelvePanelBarFigureWritesItsRepeatedLabelsOnce(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        System.setProperty("java.awt.headless", "true");
        Random r = new Random(5);
        List<Panel> panels = new ArrayList<>();
        for (int f = 0; f < 12; f++) {
            double a = r.nextDouble();
            double b = r.nextDouble();
            panels.add(Plot.bars("θ of feature-" + f, "category", "θ", List.of("n", "y"), List.of(
                    new Series("class democrat", new double[] {0, 1}, new double[] {a, 1 - a}, new double[] {0.02, 0.02}),
                    new Series("class republican", new double[] {0, 1}, new double[] {b, 1 - b}, new double[] {0.03, 0.03}))));
        }
        java.nio.file.Path svg = dir.resolve("theta.svg");
        Plot.write(svg, 3, panels, "sparse.collapsed: posterior mean ± sd of θ per class, every feature");
        long size = java.nio.file.Files.size(svg);
        assertTrue(size < 250_000, size + " bytes");
    }

    @Test
    void pathDataIsShortRelativeAndWithinAHalfHundredthOfEveryPoint() {
        // by hand: (1, 2) then +2.5 -6.25, then a curve's control and end points from there
        assertEquals("m1 2 2.5-6.25q.5 1 1 0z", SvgPathData.compact("M1.004,2 L3.5,-4.25 Q4.0,-3.25 4.5,-4.25 Z"));
        assertEquals("m-.05 0 .1 0", SvgPathData.compact("M-0.05,0 L0.05,0"));
        assertEquals("M1 2 A 3 3 0 0 1 4 5", SvgPathData.compact("M1 2 A 3 3 0 0 1 4 5"), "arcs are left as written");
        assertEquals("12.3", SvgPathData.decimal(1230));
        assertEquals("-.05", SvgPathData.decimal(-5));
        assertEquals("0", SvgPathData.decimal(0));
        assertEquals(-101, SvgPathData.hundredths(-1.005000001));
        // 20,000 points written one after another: rounding does not add up along the path
        Random r = new Random(11);
        StringBuilder d = new StringBuilder();
        double[][] p = new double[20_000][2];
        double x = 400;
        double y = 200;
        for (int i = 0; i < p.length; i++) {
            x += r.nextGaussian() * 3 + 0.0137;
            y += r.nextGaussian() * 7;
            p[i][0] = x;
            p[i][1] = y;
            d.append(i == 0 ? "M" : " L").append(x).append(',').append(y);
        }
        String compact = SvgPathData.compact(d.toString());
        List<double[]> back = PathPoints.of(compact);
        assertEquals(p.length, back.size());
        for (int i = 0; i < p.length; i++) {
            assertEquals(p[i][0], back.get(i)[0], 0.005 + 1e-9, "x of point " + i);
            assertEquals(p[i][1], back.get(i)[1], 0.005 + 1e-9, "y of point " + i);
        }
        assertTrue(compact.length() < d.length() / 3, compact.length() + " of " + d.length() + " characters");
    }
}
