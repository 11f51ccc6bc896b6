// libxml2's tree and XPath engine, seen only by SceneXPath (the page source's XPath queries).
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/parser.h>
