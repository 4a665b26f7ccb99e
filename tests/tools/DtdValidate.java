/*
 * Validates XML files against one DTD with the JDK's own validating SAX parser, so the unit tests
 * judge the ADF/XML the platform writes with a validator that shares no code with it.
 *
 *   java tests/tools/DtdValidate.java DTD FILE...
 *
 * Every file must name the DTD in its DOCTYPE (by any path ending in the DTD's file name); the
 * DTD is read from the given path, never fetched. One JVM start validates every file, as the JVM
 * start is most of the time a run takes. Prints, tab-separated, one line per record:
 *
 *   java     <java.specification.version>
 *   problem  <file> <warning|error|fatal> <line> <column> <message>
 *   checked  <file> <number of problems>
 *
 * Exit status: 0 every file valid, 1 a file has problems, 2 a usage error.
 */
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.ErrorHandler;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.XMLReader;

public class DtdValidate {
  record Problem(String severity, int line, int column, String message) {}

  /** Collects every problem; a fatal error also stops the parse, as XML requires. */
  static final class Collector implements ErrorHandler {
    final List<Problem> problems = new ArrayList<>();

    private void add(String severity, SAXParseException e) {
      problems.add(new Problem(severity, e.getLineNumber(), e.getColumnNumber(), String.valueOf(e.getMessage())));
    }

    @Override public void warning(SAXParseException e) { add("warning", e); }
    @Override public void error(SAXParseException e) { add("error", e); }
    @Override public void fatalError(SAXParseException e) throws SAXException {
      add("fatal", e);
      throw e;
    }
  }

  static String oneLine(String text) {
    return text.replaceAll("[\\t\\r\\n]+", " ");
  }

  static List<Problem> validate(SAXParserFactory factory, File dtd, File file) {
    Collector collector = new Collector();
    try (InputStream in = new FileInputStream(file)) {
      SAXParser parser = factory.newSAXParser();
      XMLReader reader = parser.getXMLReader();
      reader.setErrorHandler(collector);
      // Only the DTD under test may be read: nothing is fetched from the network or elsewhere.
      reader.setEntityResolver((publicId, systemId) -> {
        if (systemId != null && (systemId.endsWith("/" + dtd.getName()) || systemId.equals(dtd.getName()))) {
          InputSource source = new InputSource(new FileInputStream(dtd));
          source.setSystemId(dtd.toURI().toString());
          return source;
        }
        throw new SAXException("refused to read the external entity " + systemId);
      });
      InputSource source = new InputSource(in);
      source.setSystemId(file.toURI().toString());
      reader.parse(source);
    } catch (SAXParseException e) {
      // Recorded by the collector already.
    } catch (SAXException | IOException | javax.xml.parsers.ParserConfigurationException e) {
      collector.problems.add(new Problem("fatal", 0, 0, e.getClass().getSimpleName() + ": " + e.getMessage()));
    }
    return collector.problems;
  }

  public static void main(String[] args) {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    if (args.length < 2) {
      System.err.println("Usage: java DtdValidate.java DTD FILE...");
      System.exit(2);
    }
    File dtd = new File(args[0]).getAbsoluteFile();
    if (!dtd.isFile()) {
      System.err.println("No DTD at " + dtd);
      System.exit(2);
    }
    SAXParserFactory factory = SAXParserFactory.newInstance();
    factory.setValidating(true);
    factory.setNamespaceAware(false);
    out.println("java\t" + System.getProperty("java.specification.version"));
    boolean allValid = true;
    for (int i = 1; i < args.length; i++) {
      List<Problem> problems = validate(factory, dtd, new File(args[i]));
      for (Problem p : problems) {
        out.println(String.join("\t", "problem", args[i], p.severity(), String.valueOf(p.line()), String.valueOf(p.column()), oneLine(p.message())));
      }
      out.println("checked\t" + args[i] + "\t" + problems.size());
      if (!problems.isEmpty()) allValid = false;
    }
    System.exit(allValid ? 0 : 1);
  }
}
