/**
 * Non-listed names for the false-positive rate: common given names and surnames from many cultures,
 * combined at random (seeded). A generated name that a listed name literally contains (all its tokens
 * are tokens of one listed name) is not a negative and is left out; the count left out is reported.
 */
import { pick, type Rng } from './perturb.ts';

export const POOLS: Record<string, { given: string[]; family: string[] }> = {
  english: {
    given: 'James John Robert Michael William David Richard Joseph Thomas Charles Mary Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen Emma Olivia Oliver Harry Jack George Amelia Sophie Chloe Daniel Matthew'.split(' '),
    family: 'Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore Martin Jackson Thompson White Harris Clark Lewis Robinson Walker Young Allen Wright Scott Green Baker Adams Nelson Hill Campbell Mitchell Roberts Carter Phillips Evans Turner Parker Collins Edwards Stewart Morris Murphy Cook Rogers Morgan Cooper Peterson Reed Bailey'.split(' '),
  },
  hispanic: {
    given: 'Jose Juan Luis Carlos Jorge Pedro Miguel Alejandro Fernando Ricardo Maria Ana Carmen Lucia Sofia Isabel Elena Rosa Paula Marta'.split(' '),
    family: 'Garcia Rodriguez Martinez Hernandez Lopez Gonzalez Perez Sanchez Ramirez Torres Flores Rivera Gomez Diaz Reyes Morales Cruz Ortiz Gutierrez Chavez Ramos Vargas Castillo Jimenez Moreno Romero Alvarez Mendoza Ruiz Herrera'.split(' '),
  },
  german_french: {
    given: 'Hans Peter Klaus Stefan Jurgen Wolfgang Andreas Thomas Michael Ursula Monika Sabine Petra Claudia Jean Pierre Michel Philippe Alain Nicolas Marie Nathalie Isabelle Sylvie Camille'.split(' '),
    family: 'Muller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Richter Klein Wolf Schroder Neumann Dubois Durand Leroy Moreau Simon Laurent Lefebvre Michel Garnier Faure Rousseau Blanc Guerin Muller'.split(' '),
  },
  slavic: {
    given: 'Ivan Dmitry Sergei Alexei Nikolai Andrei Mikhail Pavel Olga Tatiana Natalia Irina Svetlana Anna Ekaterina Piotr Tomasz Krzysztof Agnieszka Katarzyna'.split(' '),
    family: 'Ivanov Smirnov Kuznetsov Popov Vasiliev Petrov Sokolov Mikhailov Novikov Fedorov Morozov Volkov Alekseev Lebedev Semenov Egorov Pavlov Kozlov Stepanov Nikolaev Nowak Kowalski Wisniewski Wojcik Kaminski Lewandowski Zielinski Szymanski Wozniak Dabrowski'.split(' '),
  },
  arabic_persian_turkish: {
    given: 'Mohammed Ahmed Ali Omar Yusuf Ibrahim Hassan Khalid Mustafa Karim Fatima Aisha Maryam Zainab Layla Reza Mehdi Hossein Mehmet Emre Burak Zeynep Elif'.split(' '),
    family: 'Haddad Khoury Nasser Saleh Mansour Hamdan Aziz Farouk Qasim Darwish Barakat Khalil Najjar Rahimi Hosseini Ahmadi Karimi Moradi Yilmaz Kaya Demir Celik Sahin Yildiz Ozturk Aydin Arslan Dogan'.split(' '),
  },
  asian: {
    given: 'Wei Fang Lei Jing Min Hui Yan Hiroshi Takashi Yuki Haruto Sakura Minjun Seoyeon Jiwoo Anh Minh Thanh Hoa Raj Amit Priya Sunita Arjun Rahul Deepak Ananya'.split(' '),
    family: 'Wang Zhang Liu Chen Yang Huang Zhao Zhou Wu Sun Sato Suzuki Takahashi Tanaka Watanabe Ito Nakamura Park Choi Jung Nguyen Tran Pham Sharma Patel Singh Gupta Kumar Reddy Iyer'.split(' '),
  },
  african: {
    given: 'Kwame Kofi Ama Abena Chinedu Ngozi Oluwaseun Adebayo Tendai Thabo Sipho Zanele Amani Baraka Wanjiru Kamau'.split(' '),
    family: 'Mensah Owusu Boateng Okafor Okeke Adeyemi Balogun Moyo Ndlovu Dlamini Nkosi Mwangi Otieno Kariuki Achieng Banda'.split(' '),
  },
};

export interface Negative {
  name: string;
  group: string;
}

export function generateNegatives(r: Rng, count: number): Negative[] {
  const groups = Object.keys(POOLS);
  const out: Negative[] = [];
  const seen = new Set<string>();
  while (out.length < count) {
    const group = pick(r, groups);
    const pool = POOLS[group]!;
    // Mostly "Given Family", sometimes with a second given name as many real records have.
    const parts = r() < 0.25 ? [pick(r, pool.given), pick(r, pool.given), pick(r, pool.family)] : [pick(r, pool.given), pick(r, pool.family)];
    if (new Set(parts).size !== parts.length) continue;
    const name = parts.join(' ');
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({ name, group });
  }
  return out;
}
