/** The owner's places behind More on a phone (/admin/more), each listed at the side from 1024 px. */
export const MORE_PLACES = [
  { name: "Price list", path: "/admin/price-list", about: "The lines you quote often, with their units and prices, for a quote in a few taps." },
  { name: "Reviews", path: "/admin/reviews", about: "What customers wrote after a finished job, to publish on your site." },
  { name: "Where requests come from", path: "/admin/sources", about: "Which pages, searches and campaigns bring requests." },
  { name: "Insights", path: "/admin/insights", about: "Visits to each page, and the requests and work they bring." },
  { name: "Survey bookings", path: "/admin/survey-bookings", about: "When customers may book their own free survey online." },
  { name: "Notifications", path: "/admin/notifications", about: "Be told of a new request on this phone, and by e-mail." },
  { name: "Passkeys", path: "/admin/passkeys", about: "The phones and computers that can sign in." },
  { name: "Waiting to send", path: "/admin/waiting", about: "What you did with no signal, sent when the signal is back." },
  { name: "Help", path: "/admin/help", about: "How each part works, in short." },
] as const;
