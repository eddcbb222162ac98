package io.plate.plot;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * Rewrites the SVG that VectorGraphics2D writes so that it is small and draws the same picture. XChart
 * draws a line series segment by segment and VectorGraphics2D writes every draw as an element with its
 * whole style and 17-digit coordinates: a trace of iris (2 chains, 600 points each) was 1.2 MB, 3,792
 * {@code <line>} elements of about 330 bytes. Here, on the parsed document:
 * <ul>
 * <li>what paints nothing (fill and stroke none or fully transparent: the x-axis labels that XChart draws
 * transparent to keep their room for {@link Panel}'s) is removed, with the clip paths only it used;</li>
 * <li>a run of {@code <line>}s with one style, round caps and no dashes, each starting where the one
 * before ends, becomes one {@code <path>} with round joins: it covers exactly the union of the round-capped
 * segments (a translucent line is no longer darker where its segments overlap);</li>
 * <li>coordinates are rounded to a hundredth of a pixel and path data written relative
 * ({@link SvgPathData});</li>
 * <li>path data drawn more than once (XChart draws text as glyph outlines: the same tick labels, axis titles
 * and legends in every panel of a figure) is written once in {@code <defs>}, from (0, 0), and each drawing
 * becomes a {@code <use>} of it placed at the drawing's own start point, with the drawing's style;</li>
 * <li>consecutive elements of one style share it on a {@code <g>} (every property VectorGraphics2D writes
 * is inherited), so the markers of a scatter plot no longer repeat it.</li>
 * </ul>
 */
final class SvgCompaction {
    static final String SVG_NS = "http://www.w3.org/2000/svg";
    static final String XLINK_NS = "http://www.w3.org/1999/xlink";
    private static final String DOCTYPE_PUBLIC = "-//W3C//DTD SVG 1.1//EN";
    private static final String DOCTYPE_SYSTEM = "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd";

    /** Elements that draw a shape or text with the style on them. */
    private static final Set<String> DRAWN = Set.of("path", "line", "rect", "ellipse", "circle", "polyline",
            "polygon", "text");
    /** Attributes that are one length or coordinate in pixels. */
    private static final Set<String> LENGTHS = Set.of("x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx",
            "ry", "width", "height");
    /** Style properties that SVG inherits from a group (all that VectorGraphics2D writes). */
    private static final Set<String> INHERITED = Set.of("fill", "fill-opacity", "fill-rule", "stroke",
            "stroke-opacity", "stroke-width", "stroke-miterlimit", "stroke-linecap", "stroke-linejoin",
            "stroke-dasharray", "stroke-dashoffset", "font-family", "font-size", "font-style", "font-weight");

    private SvgCompaction() {
    }

    /** Writes the compacted form of {@code svg} (VectorGraphics2D's document) to {@code out}. */
    static void write(byte[] svg, OutputStream out) throws IOException {
        Document doc = parse(svg);
        compact(doc);
        try {
            Transformer t = TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            t.setOutputProperty(OutputKeys.STANDALONE, "no");
            t.setOutputProperty(OutputKeys.DOCTYPE_PUBLIC, DOCTYPE_PUBLIC);
            t.setOutputProperty(OutputKeys.DOCTYPE_SYSTEM, DOCTYPE_SYSTEM);
            t.setOutputProperty(OutputKeys.INDENT, "yes");
            t.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "1");
            t.transform(new DOMSource(doc), new StreamResult(out));
        } catch (TransformerException e) {
            throw new IOException("cannot write the SVG: " + e.getMessage(), e);
        }
    }

    static Document parse(byte[] svg) throws IOException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            DocumentBuilder b = f.newDocumentBuilder();
            // the DOCTYPE names the SVG 1.1 DTD on the web: read as empty, not fetched
            b.setEntityResolver((publicId, systemId) -> new InputSource(new StringReader("")));
            return b.parse(new ByteArrayInputStream(svg));
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("cannot read the SVG drawn: " + e.getMessage(), e);
        }
    }

    /** The steps listed in the class comment, in that order. */
    static void compact(Document doc) {
        Element root = doc.getDocumentElement();
        dropWhitespace(root);
        dropInvisible(root);
        dropUnusedClips(root);
        joinLines(root);
        roundNumbers(root);
        reuseOutlines(root);
        shareStyles(root);
    }

    /** The indentation VectorGraphics2D wrote (the writer indents again); text elements keep theirs. */
    private static void dropWhitespace(Element e) {
        if (e.getLocalName().equals("text")) {
            return;
        }
        for (Node n = e.getFirstChild(); n != null; ) {
            Node next = n.getNextSibling();
            if (n.getNodeType() == Node.TEXT_NODE && n.getNodeValue().isBlank()) {
                e.removeChild(n);
            } else if (n instanceof Element child) {
                dropWhitespace(child);
            }
            n = next;
        }
    }

    /** Removes drawn elements that paint nothing, then the groups they leave empty. */
    private static void dropInvisible(Element e) {
        for (Element child : children(e)) {
            if (DRAWN.contains(child.getLocalName()) && child.hasAttribute("style")
                    && paintsNothing(style(child.getAttribute("style")))) {
                e.removeChild(child);
            } else if (child.getLocalName().equals("g")) {
                dropInvisible(child);
                if (!child.hasChildNodes()) {
                    e.removeChild(child);
                }
            }
        }
    }

    private static boolean paintsNothing(Map<String, String> style) {
        return none(style, "fill") && none(style, "stroke");
    }

    /** True when the style says this paint ({@code fill} or {@code stroke}) is none or fully transparent. */
    private static boolean none(Map<String, String> style, String paint) {
        String value = style.get(paint);
        String opacity = style.get(paint + "-opacity");
        if ("none".equals(value)) {
            return true;
        }
        if (value == null || opacity == null) {
            return false;
        }
        try {
            return Double.parseDouble(opacity) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Removes clip paths that no element refers to any more (and {@code <defs>} if it is left empty). */
    private static void dropUnusedClips(Element root) {
        Set<String> used = new HashSet<>();
        collectClipReferences(root, used);
        for (Element defs : children(root)) {
            if (!defs.getLocalName().equals("defs")) {
                continue;
            }
            for (Element clip : children(defs)) {
                if (clip.getLocalName().equals("clipPath") && !used.contains(clip.getAttribute("id"))) {
                    defs.removeChild(clip);
                }
            }
            if (!defs.hasChildNodes()) {
                root.removeChild(defs);
            }
        }
    }

    private static void collectClipReferences(Element e, Set<String> used) {
        String ref = e.getAttribute("clip-path");
        if (ref.startsWith("url(#") && ref.endsWith(")")) {
            used.add(ref.substring(5, ref.length() - 1));
        }
        for (Element child : children(e)) {
            collectClipReferences(child, used);
        }
    }

    /** Replaces each run of joining round-capped lines of one style by one path (see the class comment). */
    private static void joinLines(Element e) {
        List<Element> kids = children(e);
        int i = 0;
        while (i < kids.size()) {
            Element first = kids.get(i);
            if (!first.getLocalName().equals("line")) {
                if (first.getLocalName().equals("g")) {
                    joinLines(first);
                }
                i++;
                continue;
            }
            String style = first.getAttribute("style");
            if (!joinable(style(style))) {
                i++;
                continue;
            }
            int j = i;
            while (j + 1 < kids.size() && joins(kids.get(j), kids.get(j + 1), style)) {
                j++;
            }
            if (j > i) {
                StringBuilder d = new StringBuilder("M").append(first.getAttribute("x1")).append(',')
                        .append(first.getAttribute("y1"));
                for (int k = i; k <= j; k++) {
                    d.append(" L").append(kids.get(k).getAttribute("x2")).append(',').append(kids.get(k).getAttribute("y2"));
                }
                Element path = e.getOwnerDocument().createElementNS(SVG_NS, "path");
                path.setAttribute("d", d.toString());
                Map<String, String> joined = style(style);
                joined.put("stroke-linejoin", "round");
                path.setAttribute("style", style(joined));
                e.insertBefore(path, first);
                for (int k = i; k <= j; k++) {
                    e.removeChild(kids.get(k));
                }
            }
            i = j + 1;
        }
    }

    /** Round caps and no dashes: the segments' union is then the path's stroke with round joins. */
    private static boolean joinable(Map<String, String> style) {
        return "round".equals(style.get("stroke-linecap")) && !style.containsKey("stroke-dasharray")
                && "none".equals(style.get("fill"));
    }

    /** {@code next} is a line of {@code style} that starts where {@code line} ends. */
    private static boolean joins(Element line, Element next, String style) {
        return next.getLocalName().equals("line") && next.getAttribute("style").equals(style)
                && next.getAttributes().getLength() == 5 && line.getAttributes().getLength() == 5
                && same(line.getAttribute("x2"), next.getAttribute("x1"))
                && same(line.getAttribute("y2"), next.getAttribute("y1"));
    }

    private static boolean same(String a, String b) {
        try {
            return Double.parseDouble(a) == Double.parseDouble(b);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Lengths, path data and translations to a hundredth of a pixel (the root's page size is left as is). */
    private static void roundNumbers(Element root) {
        for (Element child : children(root)) {
            roundIn(child);
        }
    }

    private static void roundIn(Element e) {
        for (String name : LENGTHS) {
            if (e.hasAttribute(name)) {
                try {
                    e.setAttribute(name, SvgPathData.decimal(SvgPathData.hundredths(Double.parseDouble(e.getAttribute(name)))));
                } catch (NumberFormatException ignored) {
                    // a length with a unit or a percentage: VectorGraphics2D writes none inside the page
                }
            }
        }
        if (e.hasAttribute("d")) {
            e.setAttribute("d", SvgPathData.compact(e.getAttribute("d")));
        }
        String t = e.getAttribute("transform");
        if (t.startsWith("translate(") && t.endsWith(")")) {
            String[] xy = t.substring(10, t.length() - 1).trim().split("[ ,]+");
            try {
                StringBuilder s = new StringBuilder("translate(");
                for (int k = 0; k < xy.length; k++) {
                    s.append(k > 0 ? " " : "").append(SvgPathData.decimal(SvgPathData.hundredths(Double.parseDouble(xy[k]))));
                }
                e.setAttribute("transform", s.append(')').toString());
            } catch (NumberFormatException ignored) {
                // not two numbers: left as written
            }
        }
        if (!e.getLocalName().equals("text")) {
            for (Element child : children(e)) {
                roundIn(child);
            }
        }
    }

    /** Bytes of markup around a path's data in {@code <path d=""/>}, and of a {@code <use>} with its id and place. */
    private static final int PATH_MARKUP = 12;
    private static final int USE_MARKUP = 50;

    /** Writes outlines drawn more than once in {@code <defs>} and draws them with {@code <use>} (see the class comment). */
    private static void reuseOutlines(Element root) {
        Map<String, List<Element>> drawings = new LinkedHashMap<>();
        collectOutlines(root, drawings);
        Set<String> ids = new HashSet<>();
        NodeList all = root.getElementsByTagNameNS("*", "*");
        for (int i = 0; i < all.getLength(); i++) {
            ids.add(((Element) all.item(i)).getAttribute("id"));
        }
        Document doc = root.getOwnerDocument();
        Element defs = null;
        int next = 0;
        for (Map.Entry<String, List<Element>> e : drawings.entrySet()) {
            String outline = e.getKey();
            int times = e.getValue().size();
            if (times < 2 || times * (outline.length() + PATH_MARKUP) <= outline.length() + (times + 1) * USE_MARKUP) {
                continue; // written once it would not be shorter
            }
            String id;
            do {
                id = "o" + ++next;
            } while (ids.contains(id));
            if (defs == null) {
                defs = defs(root);
            }
            Element def = doc.createElementNS(SVG_NS, "path");
            def.setAttribute("id", id);
            def.setAttribute("d", new SvgPathData.Placed(0, 0, outline).atOrigin());
            defs.appendChild(def);
            for (Element path : e.getValue()) {
                SvgPathData.Placed at = SvgPathData.placed(path.getAttribute("d"));
                Element use = doc.createElementNS(SVG_NS, "use");
                use.setAttributeNS(XLINK_NS, "xlink:href", "#" + id);
                if (at.x() != 0) {
                    use.setAttribute("x", SvgPathData.decimal(at.x()));
                }
                if (at.y() != 0) {
                    use.setAttribute("y", SvgPathData.decimal(at.y()));
                }
                if (path.hasAttribute("style")) {
                    use.setAttribute("style", path.getAttribute("style"));
                }
                path.getParentNode().replaceChild(use, path);
            }
        }
        if (defs != null && !root.hasAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, "xlink")) {
            root.setAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, "xmlns:xlink", XLINK_NS);
        }
    }

    /**
     * The paths under {@code e}'s groups by outline. Only paths with nothing but data and a style: a
     * {@code <use>}'s place would also move a clip or transform written on the path.
     */
    private static void collectOutlines(Element e, Map<String, List<Element>> drawings) {
        for (Element child : children(e)) {
            String name = child.getLocalName();
            if (name.equals("g")) {
                collectOutlines(child, drawings);
            } else if (name.equals("path") && child.getAttributes().getLength() == (child.hasAttribute("style") ? 2 : 1)) {
                SvgPathData.Placed at = SvgPathData.placed(child.getAttribute("d"));
                if (at != null) {
                    drawings.computeIfAbsent(at.outline(), k -> new ArrayList<>()).add(child);
                }
            }
        }
    }

    /** The root's {@code <defs>}, made as its first child if it has none. */
    private static Element defs(Element root) {
        for (Element child : children(root)) {
            if (child.getLocalName().equals("defs")) {
                return child;
            }
        }
        Element defs = root.getOwnerDocument().createElementNS(SVG_NS, "defs");
        root.insertBefore(defs, root.getFirstChild());
        return defs;
    }

    /** Wraps each run of two or more consecutive elements with one inheritable style in a group carrying it. */
    private static void shareStyles(Element e) {
        List<Element> kids = children(e);
        int i = 0;
        while (i < kids.size()) {
            Element first = kids.get(i);
            if (first.getLocalName().equals("g")) {
                shareStyles(first);
            }
            String style = first.getAttribute("style");
            int j = i;
            if (!style.isEmpty() && INHERITED.containsAll(style(style).keySet())) {
                while (j + 1 < kids.size() && kids.get(j + 1).getAttribute("style").equals(style)) {
                    j++;
                }
            }
            if (j > i) {
                Element g = e.getOwnerDocument().createElementNS(SVG_NS, "g");
                g.setAttribute("style", style);
                e.insertBefore(g, first);
                for (int k = i; k <= j; k++) {
                    kids.get(k).removeAttribute("style");
                    g.appendChild(kids.get(k));
                }
            }
            i = j + 1;
        }
    }

    /** The element children of {@code e}, a copy (safe to change {@code e} while walking it). */
    private static List<Element> children(Element e) {
        List<Element> out = new ArrayList<>();
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child) {
                out.add(child);
            }
        }
        return out;
    }

    /** A {@code style} attribute's properties, in their order ({@code fill:none;stroke:rgb(0,0,0);}). */
    static Map<String, String> style(String style) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String part : style.split(";")) {
            int colon = part.indexOf(':');
            if (colon > 0) {
                out.put(part.substring(0, colon).trim(), part.substring(colon + 1).trim());
            }
        }
        return out;
    }

    private static String style(Map<String, String> properties) {
        StringBuilder out = new StringBuilder();
        properties.forEach((k, v) -> out.append(k).append(':').append(v).append(';'));
        return out.toString();
    }
}
