"""Small word lists for the solver tests, typed in for them (not taken from any game's lists).

Plenty of repeated letters (BLESS, SPEED, GEESE, EERIE, LLAMA, MAMMA) so the feedback rules for
duplicates are exercised.
"""

_WORDS = """
about above abuse actor acute adopt adult after again agent agree ahead alarm album alert alike
alive allow alone along alter among anger angle angry apart apple apply arena argue arise array
aside asset audio avoid award aware awful bacon badge basic beach beard beast begin being below
bench berry birth black blade blame bland blank blast blaze bleed blend bless blind block blood
bloom blown board boast bonus boost booth bound brain brand brave bread break breed brick bride
brief bring broad brook brown brush build built bunch burst buyer cabin cable candy cargo carry
catch cause chain chair chalk charm chart chase cheap check cheek cheer chess chest chief child
chill choir civic claim class clean clear clerk click cliff climb clock close cloth cloud coach
coast color couch count court cover crack craft crane crash crazy cream creek crime crisp cross
crowd crown crude cruel crush curve cycle daily dairy dance death debut decay delay depth diary
dirty doubt dough draft drama drank dream dress dried drift drill drink drive eager early earth
eerie eight elbow elder elect elite empty enemy enjoy enter entry equal erase error essay event
every exact exist extra fable faith false fancy feast fence ferry fever fewer fiber field fifth
fifty fight final first flame flash fleet flesh float flood floor flour fluid focus force forge
forth forty forum found frame fresh front frost fruit funny geese ghost giant given glass globe
glory glove grace grade grain grand grant grape graph grasp grass grave great greed green greet
grief grill gross group grown guard guess guest guide habit happy harsh heart heavy hedge hello
hence hobby honey honor horse hotel house human humor hurry ideal image index inner input issue
ivory jelly jewel joint judge juice kneel knife knock known label labor large laser later laugh
layer learn lease least leave legal lemon level light limit linen llama lodge logic loose lover
lower loyal lucky lunch magic major maker mamma manor maple march match mayor meant medal media
mercy merge merit metal meter might minor minus mixed model money month moral motor mount mouse
mouth movie music naked nerve never newer night noble noise north noted novel nurse nylon ocean
offer often olive onion opera orbit order other outer owner oxide paint panel paper party pasta
patch pause peace pearl penny phase phone photo piano piece pilot pitch pizza place plain plane
plant plate plaza point polar porch pound power press price pride prime print prior prize proof
proud prove pulse punch pupil puppy purse queen query quest quick quiet quite quota quote radar
radio raise rally ranch range rapid ratio reach react ready realm rebel refer relax reply rider
ridge rifle right rigid risky rival river roast robot rocky rough round route royal rugby rural
salad sauce scale scare scene scent scope score scout screw seize sense serve seven shade shake
shall shame shape share shark sharp sheep sheer sheet shelf shell shift shine shirt shock shoot
shore short shout sight silly since skill skull sleep slice slide slope small smart smell smile
smoke snake solid solve sorry sound south space spare speak speed spell spend spice spike spine
spite split spoke spoon sport spray squad stack staff stage stain stair stake stall stamp stand
stare start state steak steal steam steel steep stick stiff still stock stone stool store storm
story stove strip stuck study stuff style sugar suite sunny super surge swear sweat sweep sweet
swift swing sword table taste teach teeth tempo thank theft their theme there thick thief thing
think third those three threw throw thumb tiger tight timer tired title toast today token tooth
topic total touch tough tower toxic trace track trade trail train trait treat trend trial tribe
trick truck truly trunk trust truth tumor twice twist uncle under union unity until upper upset
urban usage usual valid value valve vapor vault venue verse video vigor viral virus visit vital
vivid vocal voice voter wagon waste watch water weary weave wedge weigh weird whale wheat wheel
where which while white whole whose widow width woman world worry worse worst worth would wound
wrist write wrong yacht yeast yield young youth zebra
""".split()  # noqa: SIM905 (a word list reads best as text)

#: Every word above: what a guess may be.
ALLOWED: tuple[str, ...] = tuple(sorted(set(_WORDS)))
#: Every third word: the possible hidden words (plus the repeated-letter ones).
ANSWERS: tuple[str, ...] = tuple(
    sorted(set(ALLOWED[::3]) | {"bless", "speed", "geese", "eerie", "llama", "sheep", "erase"})
)
#: A very small pair for exhaustive checks.
TINY_ANSWERS: tuple[str, ...] = ("bloom", "broom", "brook", "crook", "groom", "proof", "spook")
TINY_ALLOWED: tuple[str, ...] = (*TINY_ANSWERS, "abyss", "crane", "grasp", "mirth", "plumb")
