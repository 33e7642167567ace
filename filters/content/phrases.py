"""The words ``auto``'s rules look for in a page's text (English; an article's asides in several languages), as data.

Each list holds regular-expression fragments, one phrase per entry (``\\s+`` between words,
``(?:a|b)`` for a choice); the rule modules compile them at import, with ``any_of`` and
``heading_pattern``, so a phrase added here is read by its rule at once. Class and id words
(markup names) stay with hints.py and the rules that read them.
"""
from __future__ import annotations

from collections.abc import Iterable


def any_of(phrases: Iterable[str]) -> str:
    """A regex source matching any of ``phrases``."""
    return "(?:" + "|".join(phrases) + ")"


def heading_pattern(phrases: Iterable[str]) -> str:
    """A regex source matching any of ``phrases`` at a text's start, after whitespace."""
    return r"\s*" + any_of(phrases)


# ------------------------------------------------------------------ headings (rules/sections.py, product.py, discussion.py)

# Sections about other things than the page's item or story (sections.remove_elsewhere_sections):
# shops' recommendations, reviews and returns, blogs' related posts, sign-up boxes.
ELSEWHERE_HEADINGS = (
    r"(?:people|customers|shoppers|others)\s+(?:who\s+)?(?:also\s+)?(?:viewed|bought|purchased|liked|searched)",
    r"(?:you|we\s+think\s+you)\s+(?:may|might|will|could)\s+(?:also\s+)?(?:like|love|enjoy|be\s+interested)",
    r"(?:similar|related|recommended|suggested|sponsored)\s+(?:items|products|listings)",
    r"recommended\s+for\s+you",
    r"recently\s+viewed",
    r"frequently\s+bought",
    r"complete\s+the\s+look",
    r"more\s+from\s+(?:this|the)\s+(?:seller|shop|store|brand)",
    r"seller'?s\s+other\s+items",
    r"about\s+this\s+(?:seller|shop)",
    r"seller\s+feedback",
    r"featured\s+products",
    r"(?:shipping|delivery)\s+(?:&|and)\s+returns?",
    r"returns?\s+polic",
    r"related\s+(?:posts|articles|stories|reading)",
    r"more\s+(?:stories|articles|posts)\s+(?:from|like|you)",
    r"trending\s+now",
    r"most\s+popular",
    r"popular\s+posts",
    r"follow\s+us",
    r"(?:sign\s+up|subscribe)\s+(?:to|for)\s+(?:our\s+)?newsletter",
    r"explore\s+related",
    r"customer\s+reviews",
    r"ratings?\s+(?:&|and)\s+reviews",
    r"reviews\b",
)

# ... and in the words shops use beside a product: related items, "more like this", reviews one by one.
OTHER_ITEMS_HEADINGS = (
    r"(?:products|items)\s+related\s+to\s+this",
    r"related\s+(?:books|brands|items|products)",
    r"(?:people|customers|shoppers)\s+(?:who\s+)?(?:also\s+)?(?:frequently|often)\s+(?:viewed|bought|purchased)",
    r"(?:frequently|often)\s+(?:viewed|bought)\s+(?:together|with)",
    r"consider\s+these\s+(?:available\s+)?(?:items|products)",
    r"similar\s+(?:brands|styles)",
    r"more\s+like\s+this",
    r"how\s+about\s+these",
    r"more\s+from\s+\S",
    r"sponsored\b",
    r"recommendations\b",
    r"be\s+the\s+first\s+to\s+review",
    r"rated\s+\d(?:\.\d)?\s+out\s+of\s+\d",
    r"(?:user|customer)\s+testimonials",
    r"notify\s+me\s+when",
    r"variations\s+of\s+this",
    r"better\s+together\W*$",
    r"shop\s+the\s+look",
    r"(?:pairs|goes)\s+(?:well|perfectly|great|beautifully)\s+with\b",
    r"you\s+(?:might|may)\s+also\s+need",
)

# Labels that start like an "other items" heading but mark one item in a grid (a sponsored
# tile, a tile's star rating): not headings when they stand outside h2-h6.
ITEM_LABELS = (
    r"sponsored",
    r"rated\s",
)

# The other threads a forum lists beside or under a thread: not this thread's posts.
OTHER_THREADS_HEADINGS = (
    r"more\s+(?:topics|threads|discussions)\b",
    r"(?:similar|related|suggested|recent|latest|trending|popular)\s+(?:topics|threads|discussions|questions)\b",
    r"hot\s+network\s+questions",
    r"linked\s+questions",
)


# ------------------------------------------------------------------ action labels (rules/product.py)

# Buttons and links that act on an item or the page rather than describe it, a whole block's
# text (followed by arrows or punctuation).
ACTION_LABELS = (
    r"quick\s+(?:shop|view|add)",
    r"add\s+to\s+(?:cart|bag|basket|wish\s*list)",
    r"shop\s+now",
    r"buy\s+now",
    r"compare",
    r"(?:select|choose)\s+options",
    r"(?:view|see|read)\s+(?:full\s+|all\s+)?details",
    r"product\s+variants",
    r"unit\s+price\s+per",
    r"learn\s+more",
    r"read\s+more",
    r"book\s+now",
    r"(?:view|sort)\s+options",
    r"(?:select|choose)\s+(?:a\s+|your\s+)?size",
    r"add\s+to\s+compare",
    r"calculate\s+shipping",
    r"notify\s+me",
    r"(?:show|see|load|view)\s+more",
    r"loading(?:\.\.\.|…)?",
    r"skip\s+to\s+(?:main|content|product|search|results)[\w\s]{0,22}",
)
# The longest text read as an action label (the longest label above, "Skip to product
# information", with its arrow and spaces).
ACTION_LABEL_MAX_CHARS = 28
# The first two letters (lower case) of every label above: a short text starting otherwise is no
# label, known without the regex (four short texts in five; keep the two in step).
ACTION_LABEL_STARTS = frozenset("qu ad sh bu co se ch vi re pr un le bo so ca no lo sk".split())


# ------------------------------------------------------------------ forum software's words (rules/discussion.py)

# A poster's stat line is one of these labels, then a colon or a count ("Posts: 138", "Joined:
# Mon Jul 24, 2017", "Reputation 52") ...
POSTER_STAT_LABELS = (
    "posts", "joined", "join date", "registered", "member since", "messages", "reputation", "karma", "reaction score",
    "trophy points", "likes received", "location", "from", "best answers",
)
# ... or a count, then one of these ("4931 posts", "518 helpful votes").
POSTER_COUNT_NOUNS = ("posts", "messages", "reactions", r"helpful votes?")

# A post's button or status, the whole element's text: "Quote", "Reply with quote", "Top",
# "Improve this answer", "Offline", the "Author" badge, a comment's "permalink / embed / save /
# parent" row, "Reply 9", vote buttons, the "Thread Starter" badge, a poster's bare rank
# ("Member", "Level 3"), SMF's "Logged", a post's number and an avatar's initial.
POST_BUTTONS = (
    r"quote:?",
    r"multi-?quote",
    r"reply",
    r"reply with quote",
    r"reply \d+",
    r"report",
    r"report reply",
    r"top",
    r"back to top",
    r"share",
    r"follow",
    r"flag",
    r"permalink",
    r"embed",
    r"save",
    r"parent",
    r"upvote",
    r"downvote",
    r"upvote downvote",
    r"thread starter",
    r"topic author",
    r"original post",
    r"logged",
    r"(?:new |former |senior |junior |active |well-known |registered )?member",
    r"level \d+",
    r"improve this (?:question|answer|post)",
    r"add a comment",
    r"online",
    r"offline",
    r"author",
    r"original poster",
    r"op",
    r"wrote on",
    r"report inappropriate content",
    r"printer friendly format",
    r"code: select all",
    r"#\d+",
    r"[^\W\d_]",
)

# The thread's own labels around the posts, the whole element's text: quote expanders, like
# counts, when a post was asked, edited or viewed, the sign-in and ask prompts, the lead-ins of
# related-question lists, the closed-thread notice and its "Status" label, a reply's subject line
# ("Re: Backups"), the comments' headings, attachment and "See more" toggles, sign-up prompts, a
# post's machine timestamp shown as text and its age, a comment's "(3 children)", a reactions
# line, phpBB's "Post by X » date" and attachment sizes, MathJax group markers, template
# placeholders a script never filled ("{{ upvoteCount }}"), "Watch this topic", "Start thread".
THREAD_LABELS = (
    r"click to (?:expand|shrink)\.*",
    r"[\d.,]+k? likes?",
    r"jump to latest",
    r"last edited:?.{0,30}",
    r"(?:asked|modified|viewed) .{0,30}(?:ago|times)",
    r"ask (?:a )?question",
    r"start asking to get answers",
    r"find the answer to your question by asking\.?",
    r"you must log in to answer this question\.?",
    r"create an account(?: or sign in to comment)?",
    r"register a new account",
    r"sign in(?: now)?",
    r"already have an account\? sign in here\.?",
    r"explore related questions",
    r"see similar questions with these tags\.?",
    r"recommended posts",
    r"most popular posts",
    r"(?:this thread is )?not open for further replies\.?",
    r"you must log in or register to reply here\.?",
    r"originally posted by .{1,40}",
    r"edited .{1,40} by .{1,40}",
    r"\d+ \w+ ago\s*#\d+",
    r"status",
    r"(?:posted |edited )?(?:about |over |almost )?(?:\d+|an?|one) (?:second|minute|min|hour|hr|day|week|month|year)s?(?:,? \d+ \w+)? ago",
    r"\(\d+ child(?:ren)?\)",
    r"reactions: .+",
    r"post by .{1,40} » .+",
    r"\([\d.,]+ [kmg]i?b\) downloaded \d+ times?",
    r"\$\\(?:begin|end)group\$",
    r"(?:\{\{.*?\}\}\s*)+",
    r"watch this (?:topic|thread)",
    r"start (?:a )?(?:new )?thread",
    r"op posts:",
    r"scroll to see replies",
    r"re: .+",
    r"comments",
    r"replies",
    r"view attachment \d+",
    r"see (?:more|less)(?: see (?:more|less))?",
    r"you need to be a member in order to leave a comment\.?",
    r"sign up for a new account in our community\. it's easy!",
    r"\d{4}-\d\d-\d\dt\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:z|[+-]\d\d:?\d\d)*",
    r"[\d.,]+k?\s+(?:repl(?:y|ies)|comments?|views|posters|watching)(?:\s+[\d.,]+k?\s+(?:replies|views|posters|watching))*",
)


# ------------------------------------------------------------------ dates and counters (rules/listing_trim.py)

# Month names and their abbreviations.
MONTHS = (
    "jan(?:uary)?", "feb(?:ruary)?", "mar(?:ch)?", "apr(?:il)?", "may", "june?", "july?", "aug(?:ust)?",
    "sep(?:t(?:ember)?)?", "oct(?:ober)?", "nov(?:ember)?", "dec(?:ember)?",
)
# Units of a time ago ("4 hrs ago", "9d").
TIME_UNITS = (
    "s", "secs?", "seconds?", "m", "mins?", "minutes?", "h", "hrs?", "hours?", "d", "days?", "w", "wks?", "weeks?",
    "mo", "mos", "months?", "y", "yrs?", "years?",
)
# Dates without a number.
DAY_WORDS = ("yesterday", "today", "just now")
# What a date line may start with ("Updated March 2, 2026", "Last published: ...").
DATE_PREFIXES = ("updated", "published", "posted")
# What an entry counts ("84 reactions", "9 comments", "3 min read").
COUNTER_NOUNS = (
    "comments?", "reactions?", "likes?", "views?", "replies", "reply", "shares?", "votes?", "answers?", r"min(?:ute)?s?\s+read",
)
# Words between the names of a byline ("Jess Lee for The DEV Team", "Ursula von der Leyen").
BYLINE_JOINERS = ("and", "&", "de", "van", "von", "for", "the", "The")


# ------------------------------------------------------------------ vendors' ids (rules/consent.py)

# Consent-manager vendors' ids (each names a dialog, never a page's wrapper): OneTrust,
# Didomi, Usercentrics, Cookiebot, TrustArc, Quantcast, Sourcepoint, Fides.
CONSENT_VENDOR_IDS = ("onetrust", "ot-sdk", "didomi", "usercentrics", "CybotCookiebot", "cookiebot", "truste-", "qc-cmp", "sp_message", "fides-")


# ------------------------------------------------------------------ an article's asides (rules/asides.py), many languages

# A heading that announces other stories than the article (related, more on the topic, next
# post, most read), a share or like bar, or a comment form: the whole heading's text, so a
# section title that only starts so ("Related work in the field") is not one. Matched case-insensitively.
OTHER_STORIES_HEADINGS = (
    # English
    r"related(?:\s+(?:posts?|articles?|stories|news|content|reading|topics|links))?",
    r"(?:you\s+)?(?:may|might)\s+also\s+(?:like|enjoy|be\s+interested\s+in)",
    r"more\s+(?:on\s+this\s+(?:story|topic)|from\s+(?:this|our)\s+\w+|stories|news|articles|posts|to\s+read)",
    r"(?:read|up)\s+next", r"also\s+read", r"read\s+also", r"see\s+also", r"what\s+to\s+read\s+next",
    r"(?:most\s+(?:read|popular|viewed|commented|shared))(?:\s+(?:stories|articles|posts))?",
    r"(?:latest|recent|popular|top|trending)\s+(?:news|stories|posts|articles|headlines)",
    r"editor'?s?\s+picks?", r"recommended(?:\s+(?:for\s+you|stories|articles|reading))?",
    r"share(?:\s+(?:this|on|via))?(?:\s+(?:article|post|story|page))?", r"like\s+this",
    r"leave\s+a\s+(?:reply|comment)", r"post\s+a\s+comment", r"write\s+a\s+comment", r"add\s+a\s+comment",
    r"about\s+the\s+author", r"categories", r"tags", r"archives?", r"explore\s+further", r"(?:keep|continue)\s+reading", r"more\s+(?:from|by)\s+\w+(?:\s+\w+)?",
    # German
    r"(?:ähnliche|verwandte|weitere|neueste|beliebte|aktuelle|passende)\s+(?:beiträge|artikel|nachrichten|meldungen|themen|news|posts)",
    r"mehr\s+(?:zum\s+thema|zu\s+diesem\s+thema)(?:\s+(?:auf|bei|von|im|in)\s+\S+)?",
    r"mehr\s+(?:aus\s+\w+(?:\s+\w+)?|artikel|nachrichten|beiträge)", r"aktuellste\s+(?:beiträge|artikel|nachrichten)",
    r"weitere\s+(?:beiträge|artikel)\s+(?:aus|zu|von|in)\s+(?:der|dem|diesem|dieser)\s+\w+",
    r"das\s+könnte\s+(?:sie|dich)\s+auch\s+interessieren", r"auch\s+interessant", r"lesen\s+sie\s+auch",
    r"empfehlungen\s+(?:aus\s+der\s+redaktion|für\s+(?:sie|dich))", r"meist(?:gelesen|kommentiert|geteilt)(?:e\s+artikel)?",
    r"der\s+(?:nächste|vorherige)\s+beitrag", r"(?:nächster|vorheriger)\s+beitrag",
    r"(?:sharen|teilen)(?:\s+mit)?", r"(?:diesen\s+)?(?:beitrag|artikel)\s+teilen", r"gefällt\s+mir",
    r"kommentar\s+(?:verfassen|schreiben|hinterlassen)", r"schreibe?\s+einen\s+kommentar", r"über\s+den\s+autor(?:in)?",
    r"(?:das\s+)?(?:thema\s+)?könnte\s+(?:sie|dich|euch)\s+auch\s+interessieren", r"mehr\s+(?:interessantes|themen|lesestoff)", r"mehr\s+von\s+\S+(?:\s+\S+)?",
    r"(?:noch\s+)?mehr\s+(?:infos|artikel|beiträge|geschichten)\s+für\s+(?:dich|sie|euch)", r"zum\s+weiterlesen", r"schon\s+gelesen\??",
    r"lesen\s+sie\s+auch\s+(?:die\s+folgenden\s+)?(?:beiträge|artikel)", r"entdecke\s+(?:weitere|mehr)\s+\w+", r"(?:jetzt|seite)\s+teilen!?",
    r"teilen\s+sie\s+(?:dies|diesen\s+beitrag)(?:\s+mit)?", r"weitere\s+(?:aktuelle\s+)?themen(?:\s+aus\s+\w+(?:\s+\w+)?)?",
    r"(?:verwandte|ähnliche)\s+themen(?:bereiche)?", r"themen\s+(?:im|in\s+diesem)\s+(?:artikel|beitrag)", r"auch\s+auf\s+\S+",
    r"kategorien", r"schlagw(?:o|ö)rte(?:r)?(?:\s+zum\s+(?:thema|artikel))?", r"archiv",
    # French, Spanish, Italian, Portuguese, Polish, Dutch
    r"(?:dans\s+la\s+même\s+rubrique|sur\s+le\s+même\s+sujet|à\s+lire\s+aussi|lire\s+aussi|voir\s+aussi|articles?\s+similaires)",
    r"(?:partager(?:\s+cet\s+article)?|laisser\s+un\s+commentaire)",
    r"(?:noticias|artículos|notas|entradas)\s+relacionad[oa]s", r"(?:te|le)\s+puede\s+interesar", r"más\s+noticias",
    r"(?:lo\s+)?más\s+(?:leído|visto)", r"(?:lee|lea)\s+(?:también|más)", r"compartir", r"deja\s+(?:un|tu)\s+comentario",
    r"(?:video|vídeo|notas?|artículos?)\s+recomendad[oa]s?", r"temas\s+relacionados", r"(?:vea|mira|ver)\s+también", r"(?:à\s+lire|lire)\s+(?:ensuite|la\s+suite)",
    r"(?:articoli\s+correlati|leggi\s+anche|potrebbe\s+interessarti|condividi)",
    r"(?:leia\s+também|veja\s+também|notícias\s+relacionadas|compartilhe)",
    r"(?:czytaj|zobacz)\s+(?:też|także|również)", r"podobne\s+artykuły", r"najczęściej\s+czytane",
    r"(?:lees\s+ook|gerelateerde\s+artikelen|meer\s+nieuws)",
)

# A paragraph that points to another story inside the article's text: one of these labels, a
# colon or dash, then (mostly) a link. The label alone, at the paragraph's start, case-insensitive.
READ_ALSO_LABELS = (
    r"(?:also\s+)?read(?:\s+(?:also|more|next))?", r"see\s+also", r"related(?:\s+(?:story|article|news))?", r"more\s+on\s+this",
    r"lesen\s+sie\s+(?:auch|mehr|hier)", r"auch\s+lesen", r"weiterlesen", r"auch\s+interessant", r"mehr\s+zum\s+thema", r"siehe\s+auch", r"zum\s+thema",
    r"(?:lea|lee|leer|vea|ver)(?:\s+(?:también|más|además))?", r"(?:te|le)\s+puede\s+interesar", r"noticia\s+relacionada",
    r"(?:à\s+)?lire\s+(?:aussi|également)", r"voir\s+aussi", r"leggi\s+anche", r"(?:leia|veja)\s+(?:também|mais)",
    r"(?:czytaj|zobacz)\s+(?:też|także|również)", r"lees\s+ook",
    r"mir[ae]", r"puedes\s+ver", r"schon\s+gelesen\s*\??", r"zum\s+weiterlesen",
)

# A picture's credit line, the whole of an element's text: "Foto: X", "Photo credit: X",
# "© X", "Bild via X", or an agency's name ("TebNad/Shutterstock.com", "iStock.com").
CREDIT_LABELS = (
    r"(?:foto|fotos|photo|photos|photograph|bild|bilder|image|images|picture|pic|credit|credits|crédit|crédito|"
    r"fotografía|zdjęcie|fot\.?)(?:\s+(?:credit|credits|via|by|de|von|quelle|source))?\s*[:©/|-]",
    r"(?:foto|bild|photo)\s+(?:via|by|von)\s", r"cr[ée]dits?\s+photos?\s*:",
    r"©",
    r"\(c\)\s",
)
STOCK_AGENCIES = (
    r"i?stock(?:photo)?(?:\.com)?", r"shutterstock(?:\.com)?", r"getty\s*images", r"adobe\s*stock", r"fotolia(?:\.com)?",
    r"pixabay(?:\.com)?", r"unsplash(?:\.com)?", r"pexels(?:\.com)?", r"picture\s+alliance", r"imago(?:\s+images)?",
    r"depositphotos(?:\.com)?", r"123rf(?:\.com)?", r"dreamstime(?:\.com)?", r"alamy",
)

# A paragraph inside an article that asks the reader to subscribe, follow, download or support
# (or claims the text's copyright), not part of the story: the paragraph's opening words.
APPEAL_OPENINGS = (
    # English
    r"(?:please\s+)?subscribe\b", r"(?:to\s+(?:view|read|continue|see)\s+(?:the\s+)?(?:full|whole|rest)[^,]{0,40},\s*(?:please\s+)?subscribe)",
    r"sign\s+up\s+(?:for|to)\b", r"follow\s+(?:us|[\w.@' -]{1,40}?)\s+on\s+(?:twitter|facebook|instagram|linkedin|youtube|tiktok|telegram|whatsapp|x)\b",
    r"(?:like|join)\s+us\s+on\s+(?:twitter|facebook|instagram)", r"download\s+(?:our|the)\s+[\w\s]{0,40}app\b",
    r"for\s+the\s+latest\s+[\w\s,]{0,60}(?:download|follow|subscribe|sign\s+up|join)",
    r"support\s+(?:our|independent|local|quality)\s+journalism", r"become\s+a\s+(?:member|subscriber|patron|supporter)\b",
    r"donate\s+(?:now|today)\b",
    r"if\s+you(?:'|’)?re\s+seeing\s+this\s+message", r"first-time\s+subscribers",
    r"this\s+(?:article|story|content)\s+is\s+(?:the\s+)?copyrighted", r"written\s+permission\s+must\s+be\s+obtained",
    r"(?:submit|send)\s+(?:your|a)\s+letter\s+to\s+the\s+editor",
    r"never\s+miss\s+(?:the\s+latest|a\s+(?:story|post|thing)|an?\s+update)", r"if\s+you\s+(?:enjoyed|liked)\s+(?:reading\s+)?this",
    r"do\s+you\s+want\s+to\s+(?:be\s+informed|stay\s+(?:informed|up\s+to\s+date))", r"stay\s+up[-\s]to[-\s]date\s+(?:on|with)\s+(?:our|the\s+latest)\b",
    # German
    r"(?:jetzt\s+)?abonnieren\s+sie\b", r"jetzt\s+(?:abonnieren|abonnent\s+werden|unterstützen)", r"folgen\s+sie\s+uns\b",
    r"unterstützen\s+sie\s+(?:uns|unsere|unabhängigen)", r"unterstütze\s+(?:uns|unsere|unseren)\b",
    r"(?:jetzt\s+)?(?:zum|für\s+den|für\s+unseren)\s+(?:kostenlosen\s+)?newsletter\s+(?:anmelden|registrieren)",
    r"mit\s+unserem\s+newsletter", r"gefällt\s+(?:dir|ihnen|euch)\s+(?:unser|unsere|dieser|dieses)\b", r"(?:melden\s+sie\s+sich|abonnieren\s+sie)\s+[\w\s]{0,30}newsletter",
    r"(?:der\s+|dieser\s+)?(?:artikel|beitrag)\s+hat\s+(?:dir|ihnen)\s+gefallen\?", r"(?:artikel|beitrag)\s+gefallen\?", r"sie\s+lesen\s+gern\b", r"diskutieren\s+sie\s+mit(?:\s+uns)?\b",
    # Spanish, Portuguese
    r"suscr[ií]b(?:ete|ase)\b", r"hazte\s+(?:miembro|socio|suscriptor)", r"s[ií]guenos\s+en\b", r"[úu]nete\s+a\s+(?:nuestro|nuestra)",
    r"descarga\s+(?:nuestra|la)\s+app", r"(?:[^.!?]|\.(?=\w)){0,60}\b(?:nuestro|tenemos)\s+canal\s+de\s+(?:youtube|telegram|whatsapp)\b", r"assine\s+(?:já|agora)", r"siga-nos\b", r"nos\s+siga\s+n[oa]s?\b",
    # French, Italian, Polish
    r"abonnez-vous\b", r"suivez-nous\b", r"inscrivez-vous\s+[àa]\s+(?:notre|la)\s+newsletter", r"t[ée]l[ée]chargez\s+(?:notre|l)\W?\s*app",
    r"abbonati\b", r"seguici\s+su\b", r"zaprenumeruj\b", r"obserwuj\s+nas\b",
)


# ------------------------------------------------------------------ comments kept after an article (rules/comments.py)

# The heading (and aria-label) of the section an article's kept comments go into, by the page's
# language (its <html lang> primary subtag); English for a language missing here.
COMMENTS_HEADINGS = {
    "en": "Comments", "de": "Kommentare", "fr": "Commentaires", "es": "Comentarios", "pt": "Comentários",
    "it": "Commenti", "nl": "Reacties", "pl": "Komentarze", "cs": "Komentáře", "sk": "Komentáre",
    "hu": "Hozzászólások", "ro": "Comentarii", "sv": "Kommentarer", "da": "Kommentarer", "nb": "Kommentarer",
    "no": "Kommentarer", "fi": "Kommentit", "ru": "Комментарии", "uk": "Коментарі", "tr": "Yorumlar",
    "el": "Σχόλια", "ar": "التعليقات", "he": "תגובות", "fa": "نظرات", "hi": "टिप्पणियाँ", "id": "Komentar",
    "vi": "Bình luận", "th": "ความคิดเห็น", "zh": "评论", "ja": "コメント", "ko": "댓글",
}


# ------------------------------------------------------------------ a post's chrome (rules/post_chrome.py), many languages

# A link that leads back or home rather than on in the story, the link's whole text (arrows and
# "«" around it allowed): "Zurück zur Übersicht", "Back to overview", "Volver", "Retour à la liste".
BACK_LINK_LABELS = (
    r"zurück(?:\s+(?:zur|zum|zu|zu\s+den|zu\s+allen|nach)\b[\w\s.-]{0,30})?", r"zur\s+(?:startseite|übersicht|homepage)",
    r"(?:go\s+)?back(?:\s+to\b[\w\s.'-]{0,30})?", r"return\s+to\b[\w\s.'-]{0,30}",
    r"(?:volver|regresar)(?:\s+(?:a|al)\b[\w\s.-]{0,30})?", r"voltar(?:\s+(?:para|ao|à|a)\b[\w\s.-]{0,30})?",
    r"retour(?:\s+(?:à|a|au|aux)\b[\w\s.'-]{0,30})?", r"torna(?:\s+(?:a|al|alla|alle|all')[\w\s.'-]{0,30})?", r"indietro",
    r"terug(?:\s+naar\b[\w\s.-]{0,30})?", r"(?:powrót|wróć)(?:\s+do\b[\w\s.-]{0,30})?",
)

# A post's meta line, at the start of a short block: where it was filed, when it was posted or
# changed, its tags, its reading time ("This entry was posted in", "Posted in News", "Category:",
# "Der Beitrag wurde am ... veröffentlicht", "Schlagworte:", "5 min read"). Matched case-insensitively.
POST_META_OPENINGS = (
    # English
    r"this\s+(?:entry|post|article)\s+was\s+(?:posted|filed|published|written)", r"posted\s+(?:in|under)\b", r"filed\s+(?:under|in)\b",
    r"categor(?:y|ies)\s*:", r"tag(?:s|ged(?:\s+with)?)\s*:", r"tagged\s+(?:with|in)\b", r"last\s+(?:modified|updated|edited)\s*(?::|on\b)",
    r"[^.!?]{0,40}\b\d+\s+min(?:ute)?s?\.?\s+read\s*$", r"reading\s+time\s*:",
    # German
    r"(?:der|dieser)\s+(?:beitrag|eintrag|artikel)\s+wurde\s+(?:am|in|unter|von)\b", r"veröffentlicht\s+(?:in|unter)\b",
    r"(?:erstellt|aktualisiert|geändert|zuletzt\s+(?:aktualisiert|geändert|bearbeitet))\s+am\b", r"kategorien?\s*:",
    r"schlagw(?:o|ö)rte(?:r)?\s*:?", r"abgelegt\s+(?:unter|in)\b", r"lesezeit\s*:", r"\d+\s+min(?:uten)?\.?\s+lesezeit\s*$", r"\d+\s+min(?:ut[ay]?)?\.?\s+czytania\s*$", r"czas\s+czytania\s*:?", r"ten\s+tekst\s+przeczytasz\b",
    r"(?:tiempo|temps|tempo)\s+de\s+(?:lectura|lecture|leitura)\s*:?",
    # Spanish, Portuguese, French, Italian, Dutch, Polish
    r"publicado\s+(?:en|el|em|por)\b", r"categor[ií]as?\s*:", r"etiquetas\s*:", r"publié\s+(?:le|dans|par)\b", r"catégories?\s*:",
    r"mots[-\s]clés\s*:", r"pubblicato\s+(?:il|in|da)\b", r"gepubliceerd\s+(?:op|in)\b", r"opublikowano\b", r"kategori[ae]\s*:",
)

# A label that marks what follows as advertising, the whole of an element's text ("Anzeige",
# "- Anzeige -", "ADVERTISEMENT", "Publicidad"); and the opening words of a disclosure that the
# text holds advertising or affiliate links ("Anzeige, enthält Affiliate Links", "*Werbung.
# Dieser Beitrag enthält ...", "This post contains affiliate links"). Matched case-insensitively.
AD_LABELS = (
    r"anzeige", r"werbung", r"advertisement", r"advertising", r"sponsored(?:\s+content)?", r"gesponsert", r"publicidad",
    r"publicité", r"pubblicità", r"publicidade", r"reklama", r"advertentie", r"paid\s+(?:content|post)",
)
DISCLOSURE_OPENINGS = (
    r"anzeige\s*[,:/|–—-]", r"\*?\s*werbung\s*[.,:/|–—-]", r"(?:enthält|beinhaltet)\s+(?:werbung|affiliate)",
    r"(?:dieser|der)\s+(?:beitrag|artikel|post)\s+enthält\s+(?:werbung|affiliate|(?:unbezahlte\s+)?werbe)",
    r"(?:this|the)\s+(?:post|article|page|story)\s+(?:contains|may\s+contain|includes)\s+(?:affiliate|references\s+to\s+products|sponsored)",
    r"(?:advertising|affiliate)\s+disclos", r"(?:disclosure|disclaimer)\s*:\s*(?:this|we|some|i)\b", r"affiliate[-\s]?links?\s*[:*]",
    r"\*\s*affiliate", r"alle\s+angaben\s+ohne\s+gewähr",
)

# The address segments (a path's part between slashes, or a query's key) under which sites file
# their tag and category pages ("/tag/wohnen/", "/schlagwort/x", "/claves/y", "?cat=3"): a line
# of nothing but links there is the post's tags, not its text. Whole segments, lower case.
TAG_ADDRESS_SEGMENTS = frozenset({
    # English
    "tag", "tags", "tagged", "category", "categories", "topic", "topics", "keyword", "keywords", "label", "labels", "cat",
    # German
    "schlagwort", "schlagworte", "stichwort", "stichworte", "kategorie", "kategorien", "thema", "themen",
    # Spanish, Portuguese, French, Italian, Dutch, Polish, Czech, Hungarian, Scandinavian
    "etiqueta", "etiquetas", "categoria", "categorias", "tema", "temas", "claves", "clave", "assunto", "assuntos",
    "sujet", "sujets", "mot-cle", "mots-cles", "categorie", "argomenti", "argomento", "trefwoord", "onderwerp",
    "tagi", "kategoria", "temat", "tematy", "stitek", "stitky", "cimke", "cimkek", "emne", "amne",
})

# Month names beyond English (phrases.MONTHS), their stems, abbreviations and the Polish and Czech
# genitives, for a line that is nothing but a date ("31. Mai 2012", "16 marca 2021", "5 de febrero
# de 2022"): the post's date, not its text. Matched case-insensitively as whole words.
DATE_MONTHS = (
    # German, Dutch
    r"januar", r"jän(?:ner)?", r"februar", r"märz", r"mär", r"mai", r"juni", r"juli", r"oktober", r"okt", r"dezember", r"dez",
    r"januari", r"februari", r"maart", r"mei", r"augustus",
    # French, Spanish, Portuguese, Italian
    r"janvier", r"janv", r"février", r"févr", r"mars", r"avril", r"avr", r"juin", r"juillet", r"juil", r"août", r"septembre",
    r"octobre", r"novembre", r"décembre", r"déc",
    r"enero", r"ene", r"febrero", r"marzo", r"abril", r"abr", r"mayo", r"junio", r"julio", r"agosto", r"ago",
    r"septiembre", r"setiembre", r"octubre", r"noviembre", r"diciembre", r"dic",
    r"janeiro", r"fevereiro", r"fev", r"março", r"maio", r"junho", r"julho", r"setembro", r"set", r"outubro", r"out", r"dezembro",
    r"gennaio", r"gen", r"febbraio", r"aprile", r"maggio", r"mag", r"giugno", r"giu", r"luglio", r"lug", r"settembre",
    r"ottobre", r"ott", r"dicembre",
    # Polish, Czech (genitive)
    r"stycznia", r"lutego", r"marca", r"kwietnia", r"maja", r"czerwca", r"lipca", r"sierpnia", r"września", r"października",
    r"listopada", r"grudnia", r"ledna", r"února", r"března", r"dubna", r"května", r"června", r"července", r"srpna",
    r"září", r"října", r"listopadu", r"prosince",
)


# ------------------------------------------------------------------ comment prompts (rules/inner_chrome.py), many languages

# A comment section's prompt or count, the whole of a short block's text ("Keine Kommentare",
# "Leave a comment", "Kommentare insgesamt: 3", "You must be logged in to post a comment."): the
# site's form talking, not the story. Matched case-insensitively, punctuation and a count after allowed.
COMMENT_PROMPTS = (
    # English
    r"(?:no|\d+)\s+comments?(?:\s+yet)?", r"(?:leave|write|post|add)\s+a\s+(?:comment|reply)", r"comments?\s*\(\d+\)",
    r"you\s+must\s+be\s+(?:logged\s+in|registered|signed\s+in)\s+to\s+(?:post\s+a\s+)?(?:comment|reply|join).*",
    # German
    r"(?:keine|\d+)\s+kommentare?", r"kommentare?\s+(?:schreiben|verfassen|hinzufügen)", r"kommentare\s+insgesamt\s*:?\s*\d*",
    r"(?:sie\s+müssen|du\s+musst|bitte)\s+.{0,40}(?:angemeldet|eingeloggt|einloggen|anmelden|registriert).{0,60}(?:kommentar|diskussion|antwort).*",
    r".{0,40}\bsein,?\s+um\s+(?:kommentare|einen\s+kommentar)\s+zu\s+(?:schreiben|verfassen).*",
    # Spanish, French, Italian, Dutch, Polish
    r"(?:sin|\d+)\s+comentarios?", r"(?:deja|escribe|añade)\s+(?:un|tu)\s+comentario", r"debes\s+(?:iniciar\s+sesión|estar\s+registrado).{0,60}comentar.*",
    r"(?:aucun|\d+)\s+commentaires?", r"(?:laisser|écrire|ajouter)\s+un\s+commentaire", r"vous\s+devez\s+être\s+connecté.{0,60}commentaire.*",
    r"(?:nessun|\d+)\s+commenti?", r"lascia\s+un\s+commento", r"(?:geen|\d+)\s+reacties?", r"(?:laat|plaats)\s+een\s+reactie",
    r"(?:brak|\d+)\s+komentarzy", r"(?:dodaj|napisz)\s+komentarz",
)


# ------------------------------------------------------------------ subscription pages (rules/closing_blocks.py), many languages

# Words of a link's address (host's first label or path) naming a publication's subscription,
# newsletter or kiosk pages: a paragraph after the story linking there sells the publication.
SUBSCRIPTION_URL_WORDS = (
    "subscribe", "subscription", "subscriptions", "newsletter", "newsletters",  # English
    "abo", "abos", "abonnement", "abonnieren", "kiosk",  # German
    "abonnements", "abonner", "abonnez",  # French
    "suscribete", "suscribirse", "suscripcion", "suscripciones",  # Spanish
    "assine", "assinatura", "assinaturas",  # Portuguese
    "abbonamento", "abbonamenti", "abbonati",  # Italian
    "prenumerata", "abonnementen",  # Polish, Dutch
)


# ------------------------------------------------------------------ source lines (rules/named_lines.py), several languages

# A source or a cover picture's label opening a short line that is nothing else: "Quelle: HWK
# Stuttgart", "(Source: CDC)", "Titelbild: Flickr, CC BY 2.0": who a text or a picture came
# from, not what the article says. Matched case-insensitively, a colon after it.
SOURCE_LABELS = (
    r"quellen?", r"bildquellen?", r"bildnachweis", r"titelbild", r"titelfoto", r"beitragsbild", r"aufmacherbild",  # German
    r"sources?", r"cover\s+(?:image|photo|picture)", r"header\s+(?:image|photo)", r"featured\s+image",  # English
    r"fuentes?", r"fontes?", r"źródło", r"źródła", r"zdroj",  # Spanish, Portuguese, Italian, Polish, Czech
)


# ------------------------------------------------------------------ licence pages (rules/closing_blocks.py), several languages

# Words of a link's path naming a licence's page ("/licenses/by/4.0/", "/licencje/", "/lizenz/"):
# a short paragraph after the story linking there states the terms the text is published under.
LICENCE_URL_WORDS = (
    "license", "licenses", "licence", "licences",  # English, French
    "lizenz", "lizenzen",  # German
    "licencia", "licencias", "licenza", "licenze", "licencja", "licencje", "licentie", "licenca",  # Spanish, Italian, Polish, Dutch, Portuguese
)


# ------------------------------------------------------------------ reader appeals (rules/closing_blocks.py), several languages

# A publication asking its reader for support, in the first person or to "this journalism"
# (regular expressions, matched case-insensitively anywhere in a paragraph after the story,
# beside APPEAL_OPENINGS, which asides' appeals match at a short paragraph's start).
READER_APPEALS = (
    r"support (?:our|independent|this) (?:journalism|work|reporting)", r"\bsupport us\b",  # English
    r"unterstützt uns", r"unterstütze unser\b", r"unterstützen sie (?:diese[nr]?|guten) (?:form des )?journalismus",  # German
    r"unseren journalismus", r"bezahlschranke",
    r"apoya (?:nuestro|el) periodismo", r"apóyanos", r"hacemos periodismo",  # Spanish
    r"\b(?:nuestro|tenemos)\s+canal\s+de\s+(?:youtube|telegram|whatsapp)\b",
    r"soutenez[- ](?:nous|notre)", r"soutenir notre journalisme",  # French
    r"sostienici", r"sostieni (?:il nostro|questo) giornalismo",  # Italian
    r"wesprzyj (?:nas|nasz)",  # Polish
    r"steun ons", r"steun onze journalistiek",  # Dutch
    r"apoie (?:o nosso|nosso) jornalismo",  # Portuguese
)


# ------------------------------------------------------------------ sign-offs (rules/article_edges.py closing_lines), several languages

# The first words of an author's sign-off closing a post ("x Franzi", "XX, Die Redaktion",
# "Liebe Grüße, Anna", "Cheers, Tom"): the post's own last line, kept after the story.
# Regular expressions, matched case-insensitively at the line's start, a space, comma or "!" after them.
SIGN_OFFS = (
    r"x{1,3}", r"xo(?:xo)?", r"love", r"cheers", r"best wishes", r"warm regards",  # English
    r"liebe grüße", r"viele grüße", r"liebste grüße", r"herzliche grüße", r"alles liebe", r"eure?", r"deine?",  # German
    r"bises", r"bisous", r"amitiés",  # French
    r"besos", r"un abrazo", r"saludos",  # Spanish
    r"baci", r"un abbraccio",  # Italian
    r"pozdrawiam", r"groetjes", r"liefs",  # Polish, Dutch
)
