from semsched_intent_parser.app import main

main()
